import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';
import parseRange from 'range-parser';

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

// range-parser reads any unit and may answer -1 before it tells which one it saw, while a unit
// other than bytes must be ignored (RFC 9110 14.2); `send` checks the unit first too.
const BYTES_UNIT = /^bytes=/i;
// range-parser 1.2.1 drops a suffix longer than the object where RFC 9110 14.1.2 takes the
// whole object (jshttp/range-parser#66 fixes it upstream): such a lone suffix is all of it.
const LONE_SUFFIX = /^bytes=-0*[1-9]\d*$/i;

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
 * (or none) is ignored; one whose ranges all start past the end, or end before they start, is
 * unsatisfiable.
 */
export function requestedRange(
  headers: IncomingHttpHeaders,
  size: number,
  validators: Validators,
): RangeAnswer {
  const { range } = headers;
  if (!range || !BYTES_UNIT.test(range)) return WHOLE;
  if (!rangeStillApplies(String(headers['if-range'] ?? ''), validators)) return WHOLE;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -1) {
    if (size > 0 && LONE_SUFFIX.test(range)) return { kind: 'part', start: 0, end: size - 1 };
    return { kind: 'unsatisfiable' };
  }
  if (ranges === -2 || ranges.length !== 1) return WHOLE;
  const { start, end } = ranges[0]!;
  return { kind: 'part', start, end };
}
