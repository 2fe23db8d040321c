import { createApiClient } from './create-api-client';

/** The one HTTP client: cookies on every call and, as the spec says, no client timeout. */
export const apiClient = createApiClient();

export function setApiBaseUrl(baseUrl: string): void {
  apiClient.setBaseUrl(baseUrl);
}
