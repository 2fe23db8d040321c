import type { ApiUploadProgress, HttpMethod } from './api-types';

export interface TransportRequest {
  method: HttpMethod;
  /** Already joined with the base URL. */
  url: string;
  body?: unknown;
  onUploadProgress?: (progress: ApiUploadProgress) => void;
}

export interface TransportResponse {
  status: number;
  data: unknown;
}

/**
 * Sends one request and resolves with whatever status the server answered; rejects only when no
 * answer came (network failure, abort). Tests replace it to script the server.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
