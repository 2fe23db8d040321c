import type { Page, Request, Route } from 'playwright-core';
import { ACTION_TIMEOUT_MS } from './browser.ts';

export interface HeldRequest {
  /** Resolves with the request once the page has sent it (it is held from then on). */
  sent(): Promise<Request>;
  /** Lets every held request through to the api and stops holding. */
  release(): Promise<void>;
  /** Answers every held request with an error, as a failing api would, and stops holding. */
  fail(status: number, message: string): Promise<void>;
}

type Answer = (route: Route) => Promise<void>;

/**
 * Holds the page's requests to `url` (a glob or RegExp, as `page.route` takes it) with `method`
 * until the journey has looked at the screen; other methods to the same URL pass untouched.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  method = 'GET',
): Promise<HeldRequest> {
  let reached: (request: Request) => void = () => undefined;
  const arrived = new Promise<Request>((resolve) => (reached = resolve));
  let decide: (answer: Answer) => void = () => undefined;
  const decided = new Promise<Answer>((resolve) => (decide = resolve));
  const answered: Promise<void>[] = [];

  const handler = (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    reached(route.request());
    const answering = decided.then((answer) => answer(route));
    answered.push(answering);
    return answering;
  };
  await page.route(url, handler);

  // Unrouting first would hand the held routes back to the default handling (the real api)
  // before this answer reaches them, so every held route is answered before the handler goes.
  const settle = async (answer: Answer) => {
    decide(answer);
    await Promise.all(answered);
    await page.unroute(url, handler);
  };

  return {
    sent: () =>
      new Promise<Request>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the page sent no ${method} ${String(url)}`)),
          ACTION_TIMEOUT_MS,
        );
        void arrived.then((request) => {
          clearTimeout(timer);
          resolve(request);
        });
      }),
    release: () => settle((route) => route.continue()),
    fail: (status, message) =>
      settle((route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ message }),
        }),
      ),
  };
}
