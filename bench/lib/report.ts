/** Medians, number formatting, budget verdicts and plain-text tables. */

export type Verdict = 'PASS' | 'FAIL' | '-';

export interface Budget {
  /** What is checked, e.g. "<= 200 KiB". */
  limit: string;
  verdict: Verdict;
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function check(ok: boolean | null, limit: string): Budget {
  return { limit, verdict: ok === null ? '-' : ok ? 'PASS' : 'FAIL' };
}

/**
 * A p99 at most `ratio` times another measured in the same run (`beside` names it). autocannon
 * counts whole milliseconds, so a p99 under 1 ms reads 0: the other counts as at least 1 ms. No
 * verdict without the other's figure.
 */
export function p99Beside(p99Ms: number, otherMs: number, ratio: number, beside: string): Budget {
  const limit = Math.max(otherMs, 1) * ratio;
  return check(
    Number.isFinite(limit) ? p99Ms <= limit : null,
    `p99 <= ${ratio}x ${beside} (${num(limit, 1)} ms)`,
  );
}

export const kib = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KiB` : 'n/a';
export const mib = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : 'n/a';
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const num = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
export const pct = (value: number) =>
  Number.isFinite(value) ? `${(value * 100).toFixed(0)}%` : 'n/a';

/** A fixed-width table: the first row is the header. */
export function table(title: string, rows: string[][]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [`\n== ${title}`, line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

export function log(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}
