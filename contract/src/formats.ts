import { z } from 'zod';

// Answers are built from the api's own rows, so these document the format instead of
// re-checking it on every serialization.

/** A UUID from the database. */
export const uuidText = z.string().meta({ format: 'uuid' });

/** An ISO 8601 UTC timestamp already formatted as text. */
export const isoTimestamp = z.string().meta({ format: 'date-time' });

/** Dollars with at most 2 decimals (money is stored as cents). */
export const dollars = z.number().meta({ description: 'US dollars, at most 2 decimals' });

const MAX_PRICE_CENTS = 100_000_000;

/**
 * Dollars (a number or a numeric string) to integer cents, at most 2 decimals: above 0, or at
 * least 0 with `allowZero`. Messages name the field (`label`).
 */
export const money = (label: string, { allowZero = false } = {}) =>
  z.unknown().transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (raw === undefined || raw === null || raw === '') return fail(`${label} is required`);
    const value =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)
          ? Number(raw)
          : Number.NaN;
    if (!Number.isFinite(value)) return fail(`${label} must be a number`);
    if (allowZero ? value < 0 : value <= 0)
      return fail(`${label} must be ${allowZero ? 'at least 0' : 'greater than 0'}`);
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) return fail(`${label} can have at most 2 decimals`);
    if (cents > MAX_PRICE_CENTS) return fail(`${label} is too high`);
    return cents;
  });

/** A whole number from our own rows (`.int()` would add the safe-integer bounds to the document). */
export const integer = z.number().meta({ type: 'integer' });

/** A required id in a body or path: a UUID, else a 400 naming the field. */
export const idField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .pipe(z.uuid({ error: `${label} must be a valid id` }));

/** A successful message-only answer. */
export const messageAnswer = z.object({ message: z.string() }).meta({ id: 'Message' });

/**
 * Every refusal and failure. Loose on purpose: the schema serializes error answers too, and an
 * extra field some error carries must reach the client, not vanish.
 */
export const errorAnswer = z
  .looseObject({
    message: z.string(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per field at fault (dotted path, or `body`): why'),
    code: z.string().optional().describe("Fastify's code of a malformed request"),
    requestId: z
      .string()
      .optional()
      .describe('On 5xx: the X-Request-Id under which the failure is logged'),
    emailVerificationRequired: z.literal(true).optional(),
    productIds: z.array(z.string()).optional().describe('Products no longer available'),
  })
  .meta({ id: 'Error', description: '`{message}` plus the fields a particular error adds' });

export type MessageAnswer = z.infer<typeof messageAnswer>;
export type ErrorAnswer = z.infer<typeof errorAnswer>;
