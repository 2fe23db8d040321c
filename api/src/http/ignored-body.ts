import { z } from 'zod';

/**
 * The body of an unsafe call that reads none: whatever arrives is accepted and ignored, as
 * before it had a schema. `plugins/openapi.ts` leaves it out of the document.
 */
export const ignoredBody = z.unknown().meta({ description: 'None: anything sent is ignored' });
