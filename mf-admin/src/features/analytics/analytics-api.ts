import type { Analytics } from '@store/contract';
import { storeApi } from '@store/shared';

export const ANALYTICS_FAILED = 'Failed to load analytics';

export const analyticsApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    analytics: build.query<Analytics, void>({
      query: () => '/analytics',
      providesTags: ['Analytics'],
      // Loaded afresh each time the tab opens, and gone with it: nothing outlives a logout.
      keepUnusedDataFor: 0,
      // No toast: the panel is the whole tab, and it says the failure in place with a Retry.
      extraOptions: { failure: ANALYTICS_FAILED, toast: false },
    }),
  }),
});
