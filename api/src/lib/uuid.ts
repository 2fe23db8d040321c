import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID as PostgreSQL's `uuid` type reads it (any case, hyphenated). */
export const isUuid = (text: string): boolean => UUID.test(text);

// Random namespace of the api's name-based ids (job ids derived from idempotency keys).
const NAMESPACE = Buffer.from('9d3f6a1c0b7e4d2a8c5f1e6b3a9d7c04', 'hex');

/**
 * A name-based (version 5) UUID: the same name always gives the same id, so an insert that
 * runs twice (a re-run job) hits the same row instead of making a second one.
 */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
