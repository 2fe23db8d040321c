import { errorAnswer } from '@store/contract';
import { json, type HeaderDocs, type JsonAnswer } from './answers.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429 | 502 | 504;
type Described = Partial<Record<ErrorStatus, string>>;

const retryAfter = {
  'retry-after': { type: 'string', description: 'Seconds to wait before trying again' },
} satisfies HeaderDocs;

/** What any unsafe call (POST, PUT, PATCH, DELETE) can be refused for before its handler. */
export const UNSAFE = {
  400: 'Malformed JSON, or a field at fault (`fields` names each)',
  403: 'A cross-site request: a foreign `Origin` with cookies',
  413: 'A body over the size limit',
  415: 'A body that is not JSON',
} satisfies Described;

export const SIGNED_IN = { 401: 'Not signed in, or the session has ended' } satisfies Described;

export const ADMIN = { ...SIGNED_IN, 403: 'Signed in, but not an admin' } satisfies Described;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

type StatusesOf<Parts extends Described[]> = { [I in keyof Parts]: keyof Parts[I] }[number];
type ErrorAnswers<Parts extends Described[]> = Record<
  StatusesOf<Parts> | 'default',
  JsonAnswer<typeof errorAnswer>
>;

/**
 * The error answers of a route: each status once (descriptions of the same status joined),
 * and `default` for what no route expects (500, or 503 while a backing service is down).
 */
export function errors<const Parts extends Described[]>(...parts: Parts): ErrorAnswers<Parts> {
  const merged = new Map<string, string[]>();
  for (const part of parts) {
    for (const [status, text] of Object.entries(part)) {
      merged.set(status, [...(merged.get(status) ?? []), text]);
    }
  }
  const answers: Record<string, JsonAnswer<typeof errorAnswer>> = {};
  for (const [status, texts] of [...merged].sort(([a], [b]) => Number(a) - Number(b))) {
    answers[status] = json(
      [...new Set(texts)].map((text, index) => (index ? lowerFirst(text) : text)).join('; '),
      errorAnswer,
      status === '429' ? retryAfter : undefined,
    );
  }
  answers.default = json(
    'Unexpected failure (500); 503 while the database or another backing service is unreachable',
    errorAnswer,
    retryAfter,
  );
  return answers as ErrorAnswers<Parts>;
}
