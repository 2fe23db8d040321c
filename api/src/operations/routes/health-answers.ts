import {
  liveAnswer,
  readyAnswer as ready,
  unavailableAnswer as unavailable,
} from '@store/contract';
import { z } from 'zod';
import { json } from '../../http/answers.ts';

export const tags = ['Operations'];

export const healthAnswer = json(
  'The process answers (liveness: nothing else is asked)',
  liveAnswer,
);

export const readyAnswer = json(
  'Can serve: every required dependency answered (`degraded`: mail did not, and is queued)',
  ready,
);

export const unavailableAnswer = json(
  'A required dependency (database, storage, Redis) did not answer within 2 s',
  unavailable,
);

// A string with a non-JSON type skips the serializer: this documents the text.
export const metricsAnswer = {
  description: 'Prometheus text exposition format 0.0.4',
  content: {
    'text/plain': { schema: z.string().meta({ description: 'Samples, one per line' }) },
  },
};
