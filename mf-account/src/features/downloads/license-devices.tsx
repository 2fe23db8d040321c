import type { LicenseKey } from '@store/contract';
import { useId } from 'react';
import { DeviceRow } from './device-row';
import styles from './licenses.module.css';
import { ShowAllToggle, useShowAll } from './show-all';

/** Devices listed before "Show all": a key may allow up to a thousand. */
const DEVICES_SHOWN = 5;

export function LicenseDevices({ license }: { license: LicenseKey }) {
  const listId = useId();
  const { shown, expanded, toggle } = useShowAll(license.activations, DEVICES_SHOWN);
  if (license.activations.length === 0) {
    return <p className={styles.noDevices}>Not activated on any device</p>;
  }
  return (
    <>
      <ul id={listId} className={styles.devices} aria-label="Devices">
        {shown.map((device) => (
          <DeviceRow key={device.instanceId} licenseId={license.id} device={device} />
        ))}
      </ul>
      <ShowAllToggle
        total={license.activations.length}
        first={DEVICES_SHOWN}
        noun="devices"
        expanded={expanded}
        controls={listId}
        onToggle={toggle}
      />
    </>
  );
}
