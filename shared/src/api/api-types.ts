import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

/** What the apps read of an answer; axios's full response has more, which nothing relies on. */
export type ApiResponse<T = unknown> = Pick<AxiosResponse<T>, 'data' | 'status'>;

type Call = <T = unknown>(url: string, config?: AxiosRequestConfig) => Promise<ApiResponse<T>>;
type CallWithBody = <T = unknown>(
  url: string,
  data?: unknown,
  config?: AxiosRequestConfig,
) => Promise<ApiResponse<T>>;

/**
 * The axios instance as the apps use it. Answers are typed down to `ApiResponse`, so a test can
 * stand in for one call with `{ data, status }`.
 */
export interface ApiClient {
  request<T = unknown>(config: AxiosRequestConfig): Promise<ApiResponse<T>>;
  get: Call;
  delete: Call;
  post: CallWithBody;
  put: CallWithBody;
  patch: CallWithBody;
  interceptors: AxiosInstance['interceptors'];
  defaults: AxiosInstance['defaults'];
}
