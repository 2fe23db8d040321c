import { z } from 'zod';
import { json } from '../common/answers.ts';

export const tags = ['Operations'];

const checks = z
  .record(z.string(), z.string())
  .describe('Per dependency (database, storage, mail, redis when configured): `ok`, or why not');

export const healthAnswer = json(
  'The process answers (liveness: nothing else is asked)',
  z.object({ status: z.literal('ok') }),
);

export const readyAnswer = json(
  'Can serve: every required dependency answered (`degraded`: mail did not, and is queued)',
  z.object({ status: z.enum(['ready', 'degraded']), checks }),
);

export const unavailableAnswer = json(
  'A required dependency (database, storage, Redis) did not answer within 2 s',
  z.object({ status: z.literal('unavailable'), checks }),
);

// A string with a non-JSON type skips the serializer: this documents the text.
export const metricsAnswer = {
  description: 'Prometheus text exposition format 0.0.4',
  content: {
    'text/plain': { schema: z.string().meta({ description: 'Samples, one per line' }) },
  },
};
