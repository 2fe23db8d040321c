import { apiClient } from '../api/client';
import { ApiError } from '../api/api-error';

type Answer = unknown | ApiError | (() => unknown);

/**
 * A fake `apiClient.get` answering by URL; an ApiError answer rejects. A function answer is
 * called per request and may return a promise, which holds the request until it settles.
 */
export function answerGets(routes: Record<string, Answer>): typeof apiClient.get {
  const fake = async (url: string) => {
    if (!(url in routes)) throw new Error(`Unexpected GET ${url}`);
    const answer = routes[url];
    if (answer instanceof ApiError) throw answer;
    const data = typeof answer === 'function' ? await (answer as () => unknown)() : answer;
    return { data, status: 200 };
  };
  return fake as typeof apiClient.get;
}

export function httpError(status: number, message?: string): ApiError {
  const response = { status, data: message ? { message } : {} };
  return new ApiError(
    `Request failed with status code ${status}`,
    { method: 'GET', url: '' },
    response,
  );
}
