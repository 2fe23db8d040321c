import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { apiClient } from '../api/client';

type Answer = unknown | AxiosError | (() => unknown);

/**
 * A fake `apiClient.get` answering by URL; an AxiosError answer rejects. A function answer is
 * called per request and may return a promise, which holds the request until it settles.
 */
export function answerGets(routes: Record<string, Answer>): typeof apiClient.get {
  const fake = async (url: string) => {
    if (!(url in routes)) throw new Error(`Unexpected GET ${url}`);
    const answer = routes[url];
    if (answer instanceof AxiosError) throw answer;
    const data = typeof answer === 'function' ? await (answer as () => unknown)() : answer;
    return { data, status: 200 };
  };
  return fake as typeof apiClient.get;
}

/** The error axios's own adapters reject with for an answer of 400 or more. */
export function rejectionOf(response: AxiosResponse): AxiosError {
  return new AxiosError(
    `Request failed with status code ${response.status}`,
    response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    response.config,
    undefined,
    response,
  );
}

/** The error axios rejects with when the server answers `status` with a message or a body. */
export function httpError(status: number, body?: string | object): AxiosError {
  const config = { headers: new AxiosHeaders(), method: 'get', url: '' };
  const data = typeof body === 'string' ? { message: body } : (body ?? {});
  return rejectionOf({ status, statusText: '', data, headers: {}, config });
}
