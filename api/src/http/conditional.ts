import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';
import { combineRanges, parse as parseRange } from 'range-parser';

/** What a stored file is compared against: a strong ETag and, when known, its last change. */
export interface Validators {
  etag: string;
  lastModified?: Date;
}

/** A strong ETag from what names the bytes for good (an immutable key) or from the bytes. */
export function strongEtag(identity: string | Buffer): string {
  return `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
}

/** The validators as response headers (an HTTP date keeps whole seconds). */
export function validatorHeaders({ etag, lastModified }: Validators): Record<string, string> {
  return lastModified ? { etag, 'last-modified': lastModified.toUTCString() } : { etag };
}

/**
 * Whether the client's copy is current (`If-None-Match`, else `If-Modified-Since`), so a GET or
 * HEAD answers 304. A request's `Cache-Control: no-cache` (a forced reload) never is.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  return fresh(headers, validatorHeaders(validators));
}

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/**
 * If-Range (RFC 9110 13.1.5) keeps the Range only while the client's copy is this one: an ETag
 * by the strong comparison (a weak tag never matches), a date when it is exactly Last-Modified.
 */
function rangeStillApplies(ifRange: string, { etag, lastModified }: Validators) {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  return lastModified !== undefined && ifRange === lastModified.toUTCString();
}

/**
 * The part of an object of `size` bytes a GET asks for. Overlapping and adjacent ranges are
 * merged; ranges still apart get the whole object, as a resuming client asks for one range and
 * a multipart/byteranges body would need a storage read per part. A header in another unit
 * (or none) is ignored; one whose ranges all start past the end, end before they start or do
 * not parse is unsatisfiable, while the ranges that do count when some do.
 */
export function requestedRange(
  headers: IncomingHttpHeaders,
  size: number,
  validators: Validators,
): RangeAnswer {
  const { range } = headers;
  if (!range) return WHOLE;
  const parsed = parseRange(size, range);
  // A unit other than bytes, or none (no `=`), must be ignored (RFC 9110 14.2).
  if (parsed.type !== 'bytes') return WHOLE;
  if (!rangeStillApplies(String(headers['if-range'] ?? ''), validators)) return WHOLE;
  if (parsed.ranges.length === 0) {
    // Only a suffix of an empty object parses to nothing: the whole of it is what was asked.
    return parsed.code === 0 ? WHOLE : { kind: 'unsatisfiable' };
  }
  const ranges = combineRanges(parsed.ranges);
  if (ranges.length !== 1) return WHOLE;
  const { start, end } = ranges[0]!;
  return { kind: 'part', start, end };
}
