export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiUploadProgress {
  loaded: number;
  /** Absent when the browser cannot tell the body's length. */
  total?: number;
}

/** What a call may add besides its method and URL. */
export interface ApiRequestOptions {
  /** A JSON value, or FormData/Blob sent as they are. */
  data?: unknown;
  onUploadProgress?: (progress: ApiUploadProgress) => void;
}

/** A whole call: what `request` takes, and what an `ApiError` carries so it can be repeated. */
export interface ApiRequestConfig extends ApiRequestOptions {
  method: HttpMethod;
  /** Relative to the client's base URL. */
  url: string;
}

export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
}
