import { apiClient } from '../api/client';
import { AxiosError, type AxiosResponse } from 'axios';

type Answer = unknown | AxiosError | (() => unknown);

/** A fake `apiClient.get` answering by URL; an AxiosError answer rejects. */
export function answerGets(routes: Record<string, Answer>): typeof apiClient.get {
  const fake = async (url: string) => {
    if (!(url in routes)) throw new Error(`Unexpected GET ${url}`);
    const answer = routes[url];
    if (answer instanceof AxiosError) throw answer;
    const data = typeof answer === 'function' ? (answer as () => unknown)() : answer;
    return { data, status: 200 } as AxiosResponse;
  };
  return fake as typeof apiClient.get;
}

export function httpError(status: number, message?: string): AxiosError {
  const response = { status, data: message ? { message } : {} } as AxiosResponse;
  return new AxiosError(`Request failed with status ${status}`, 'ERR', undefined, null, response);
}
