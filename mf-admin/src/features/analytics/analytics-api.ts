import type { Analytics } from '@store/contract';
import { apiClient } from '@store/shared';

export const analyticsApi = {
  load: () => apiClient.get<Analytics>('/analytics').then((r) => r.data),
};
