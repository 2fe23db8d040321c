import { readFile } from 'node:fs/promises';

export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

export interface Sample {
  seconds: number;
  rss: number;
}

/** Least-squares slope of RSS over time, in bytes per minute. */
export function slopePerMinute(samples: Sample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.rss, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const sample of samples) {
    numerator += (sample.seconds - meanX) * (sample.rss - meanY);
    denominator += (sample.seconds - meanX) ** 2;
  }
  return denominator === 0 ? 0 : (numerator / denominator) * 60;
}
