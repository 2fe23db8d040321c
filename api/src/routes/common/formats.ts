import { z } from 'zod';

// Answers are built from our own rows, so these document the format instead of re-checking
// it on every serialization.

/** A UUID from the database. */
export const uuidText = z.string().meta({ format: 'uuid' });

/** An ISO 8601 UTC timestamp already formatted as text. */
export const isoTimestamp = z.string().meta({ format: 'date-time' });

/** Dollars with at most 2 decimals (money is stored as cents). */
export const dollars = z.number().meta({ description: 'US dollars, at most 2 decimals' });

/** A whole number from our own rows (`.int()` would add the safe-integer bounds to the document). */
export const integer = z.number().meta({ type: 'integer' });
