import axios from 'axios';

/** The one HTTP client: cookies on every call and, as the spec says, no client timeout. */
export const apiClient = axios.create({
  baseURL: '/api',
  withCredentials: true,
  timeout: 0,
  headers: { 'Content-Type': 'application/json' },
});

export function setApiBaseUrl(baseUrl: string): void {
  apiClient.defaults.baseURL = baseUrl;
}
