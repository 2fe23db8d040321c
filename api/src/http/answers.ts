import type { Readable } from 'node:stream';
import { z } from 'zod';

/** OpenAPI header objects of a response, by lower-case name. */
export type HeaderDocs = Record<string, { type: 'string'; description: string }>;

export interface JsonAnswer<Schema extends z.ZodType> {
  description: string;
  content: { 'application/json': { schema: Schema } };
  /** Documentation only: Fastify reads `content`; `plugins/openapi.ts` carries these over. */
  headers?: HeaderDocs;
}

/**
 * A JSON answer. The media-type form lets each status carry its own description while the
 * body schema stays one shared component (`$ref`).
 */
export function json<Schema extends z.ZodType>(
  description: string,
  schema: Schema,
  headers?: HeaderDocs,
): JsonAnswer<Schema> {
  return { description, content: { 'application/json': { schema } }, ...(headers && { headers }) };
}

// Buffers and streams bypass the serializer (Fastify sends them as they are), so this schema
// never runs: it types the handler's reply and documents the bytes.
const bytes = z
  .custom<Buffer | Readable>()
  .meta({ type: 'string', format: 'binary', description: 'The raw bytes' });

/** File bytes under one or more media types (or ranges such as `image/*`). */
export function binary(description: string, mediaTypes: string[], headers?: HeaderDocs) {
  const content: Record<string, { schema: typeof bytes }> = {};
  for (const type of mediaTypes) content[type] = { schema: bytes };
  return { description, content, ...(headers && { headers }) };
}

// A string with a non-JSON type set skips the serializer too.
const page = z.string().meta({ description: 'A complete HTML document' });

/** A server-rendered HTML page. */
export function html(description: string, headers?: HeaderDocs) {
  return { description, content: { 'text/html': { schema: page } }, ...(headers && { headers }) };
}

/**
 * An answer without a body (304, a redirect). `z.undefined()` becomes `type: 'null'`, which
 * @fastify/swagger documents as "no content"; `headers` lands in the document as it is.
 */
export function noBody(description: string, headers?: HeaderDocs) {
  return z.undefined().meta({ description, ...(headers && { headers }) });
}

export const CACHE_HEADERS: HeaderDocs = {
  etag: { type: 'string', description: 'Strong validator of this body' },
  'cache-control': { type: 'string', description: '`public, max-age=0, must-revalidate`' },
};

/** The 304 of the public catalog reads (`infrastructure/response-cache.ts`). */
export const notModified = noBody('Not Modified: the `If-None-Match` ETag is current', {
  etag: CACHE_HEADERS.etag!,
});
