import axios, { type CreateAxiosDefaults } from 'axios';
import type { ApiClient } from './api-types';

/** Calls go to `/api` until `setApiBaseUrl`; tests pass their own `adapter`. */
export function createApiClient(defaults: CreateAxiosDefaults = {}): ApiClient {
  // The session is cookies and the api may live on another origin. No client timeout: an admin's
  // large upload must not be cut short (0 is axios's "none", spelled out so a changed default
  // cannot add one).
  return axios.create({ baseURL: '/api', withCredentials: true, timeout: 0, ...defaults });
}

/** The one HTTP client of every app, loaded once with the shared package. */
export const apiClient = createApiClient();

export function setApiBaseUrl(baseUrl: string): void {
  apiClient.defaults.baseURL = baseUrl;
}
