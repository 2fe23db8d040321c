export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

function position(raw: string): number | null {
  if (raw === '') return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

/**
 * One `Range: bytes=a-b`, `a-` or `-n` against an object of `size` bytes (RFC 9110 14.1.2).
 * Headers the server may ignore (other units, several ranges, bad syntax, last < first) answer
 * the whole object; a first position at or past the end, or an empty suffix, is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return { kind: 'full' };
  const first = position(match[1]!);
  const last = position(match[2]!);
  if (Number.isNaN(first) || Number.isNaN(last)) return { kind: 'full' };
  if (first === null) {
    if (last === null) return { kind: 'full' };
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(size - last, 0), end: size - 1 };
  }
  if (last !== null && last < first) return { kind: 'full' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: first, end: Math.min(last ?? size - 1, size - 1) };
}
