import type { LicenseKey } from '@store/contract';
import { storeApi } from '@store/shared';
import { ordersApi } from '../../common/orders-api';

export const DEACTIVATE_FAILED = 'Failed to deactivate the device';

export interface DeviceOfKey {
  licenseId: string;
  instanceId: string;
}

const activationPath = ({ licenseId, instanceId }: DeviceOfKey) =>
  `/orders/licenses/${encodeURIComponent(licenseId)}/activations/${encodeURIComponent(instanceId)}`;

/** Shows a key as the api answered it in every page of My Downloads kept in the cache. */
const showKey = (key: LicenseKey) =>
  ordersApi.util.updateQueryData('purchasedProducts', undefined, (list) => {
    for (const page of list.pages) {
      for (const product of page.items) {
        product.licenseKeys = product.licenseKeys.map((shown) =>
          shown.id === key.id ? key : shown,
        );
      }
    }
  });

export const licensesApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The owner frees one device of their key; the answer is the key as it is now. */
    deactivateLicenseDevice: build.mutation<LicenseKey, DeviceOfKey>({
      query: (device) => ({ url: activationPath(device), method: 'delete' }),
      // The answer shows at once, so the device's row cannot be deactivated twice while the
      // list reloads; the reload brings whatever else changed meanwhile (a key expired, a refund).
      async onQueryStarted(_device, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(showKey(data));
        } catch {
          // The base query has toasted the api's message; the row stays as it was.
        }
      },
      invalidatesTags: (_key, failed) => (failed ? [] : ['Purchased']),
      extraOptions: { failure: DEACTIVATE_FAILED },
    }),
  }),
});
