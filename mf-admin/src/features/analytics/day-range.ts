import type { MAX_ANALYTICS_DAYS } from '@store/contract';
import type { DayRange } from './analytics-api';

/** The widest range a list covers: the api's limit, typed by it. */
export const MAX_DAYS: typeof MAX_ANALYTICS_DAYS = 366;

const DAY_MS = 86_400_000;

/** Today as the api counts days: in UTC. */
export const todayUtc = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The `days` days up to and including `to`. */
export function lastDays(days: number, to: string): DayRange {
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Why the api would refuse the range, in its words, and the input at fault. */
export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/** What the api would refuse of the range; null when it takes it. */
export function rangeProblem({ from, to }: DayRange): RangeProblem | null {
  if (!dayPattern.test(from)) return { field: 'from', message: 'From must be a day' };
  if (!dayPattern.test(to)) return { field: 'to', message: 'To must be a day' };
  if (to < from) return { field: 'to', message: 'To must not be before From' };
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= MAX_DAYS * DAY_MS)
    return { field: 'to', message: `A range covers at most ${MAX_DAYS} days` };
  return null;
}
