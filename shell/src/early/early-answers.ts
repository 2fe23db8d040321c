import type { PrefetchedAnswer } from '@store/shared';
import { firstReadsOf } from '@store/contract/page-reads';
import { FIRST_SCREEN_CARRIES, FIRST_SCREEN_STATE_ID } from '../first-screen/state';

/** What the opened page's first render will ask, less what the server's first screen carries. */
function callsOfOpenedPage(pathname: string, search: string): string[] {
  const reads = firstReadsOf(pathname, search);
  if (document.getElementById(FIRST_SCREEN_STATE_ID) === null) return reads;
  return reads.filter((path) => !FIRST_SCREEN_CARRIES.some((carries) => carries(path)));
}

// A page that asks later than this (the visitor left and came back) gets a fresh answer.
const FRESH_FOR_MS = 30_000;
const started = new Map<string, { answer: Promise<PrefetchedAnswer>; at: number }>();

/** Runs in the entry with the runtime config as fetched (validated later by the bootstrap). */
export function startEarlyAnswers(config: unknown, { pathname, search }: Location): void {
  const apiBaseUrl = (config as { apiBaseUrl?: unknown } | null)?.apiBaseUrl;
  if (typeof apiBaseUrl !== 'string') return;
  const base = apiBaseUrl.replace(/\/+$/, '');
  for (const url of callsOfOpenedPage(pathname, search)) {
    // Credentials as the api client sends them, so the api and CORS answer it as they would.
    const answer = fetch(base + url, { credentials: 'include' }).then(async (response) => ({
      status: response.status,
      // An error's body carries the api's message for the page to show.
      data: (await response.json().catch(() => null)) as unknown,
    }));
    answer.catch(() => {});
    started.set(url, { answer, at: performance.now() });
  }
}

export function takeEarlyAnswer(url: string): Promise<PrefetchedAnswer> | undefined {
  const early = started.get(url);
  started.delete(url);
  if (!early || performance.now() - early.at > FRESH_FOR_MS) return undefined;
  return early.answer;
}
