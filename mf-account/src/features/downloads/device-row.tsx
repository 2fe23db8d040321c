import type { LicenseActivation } from '@store/contract';
import { formatDate, notify } from '@store/shared';
import { useId } from 'react';
import { licensesApi } from './licenses-api';
import styles from './licenses.module.css';

export const DEVICE_DEACTIVATED = 'Device deactivated';

interface DeviceRowProps {
  licenseId: string;
  device: LicenseActivation;
}

/**
 * One device a key is activated on, with Deactivate. No confirmation: the device's app can
 * activate again with the same key. A failure toasts the api's message through the endpoint.
 */
export function DeviceRow({ licenseId, device }: DeviceRowProps) {
  const seenId = useId();
  const [deactivate, { isLoading }] = licensesApi.useDeactivateLicenseDeviceMutation();

  async function onDeactivate() {
    const result = await deactivate({ licenseId, instanceId: device.instanceId });
    if (!result.error) notify.success(DEVICE_DEACTIVATED);
  }

  return (
    <li className={styles.device}>
      <span className={styles.deviceName}>{device.instanceName}</span>
      <span id={seenId} className={styles.seen}>
        Last seen <time dateTime={device.lastSeenAt}>{formatDate(device.lastSeenAt)}</time>
      </span>
      <button
        type="button"
        className={styles.deactivate}
        disabled={isLoading}
        aria-label={`Deactivate ${device.instanceName}`}
        aria-describedby={seenId}
        onClick={() => void onDeactivate()}
      >
        {isLoading ? 'Deactivating...' : 'Deactivate'}
      </button>
    </li>
  );
}
