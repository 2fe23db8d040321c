import type { AdminLicense } from '@store/contract';
import { formatDate } from '@store/shared';
import { useId, useState } from 'react';
import { devicesText, expiresText, lastSeenText, STATUS_LABEL, toggleOf } from './license-display';
import type { LicenseAction } from './licenses-api';
import styles from './licenses.module.css';

const BUSY_LABEL: Record<LicenseAction, string> = {
  disable: 'Disabling...',
  enable: 'Enabling...',
  reset: 'Resetting...',
};

const TOGGLE_LABEL = { disable: 'Disable', enable: 'Enable' } as const;

interface LicenseRowProps {
  license: AdminLicense;
  /** The columns of the table, which the devices row spans. */
  columns: number;
  /** The row's request in flight, if any: every button waits for it. */
  busy: LicenseAction | undefined;
  onToggle: (action: 'disable' | 'enable') => void;
  onReset: () => void;
}

/**
 * One key, masked: its product, buyer, state, devices, term and actions; its devices (name and
 * last check-in) open in a row beneath it.
 */
export function LicenseRow({ license, columns, busy, onToggle, onReset }: LicenseRowProps) {
  const keyId = useId();
  const devicesId = useId();
  const [open, setOpen] = useState(false);
  const toggle = toggleOf(license);
  const { activations, status } = license;

  return (
    <>
      <tr aria-busy={busy !== undefined}>
        <th scope="row" id={keyId} className={styles.key}>
          {license.maskedKey}
        </th>
        <td className={styles.product}>{license.productName}</td>
        <td className={styles.email}>{license.email}</td>
        <td>
          <span className={styles[status]}>{STATUS_LABEL[status]}</span>
        </td>
        <td className={styles.devices}>
          <span>{devicesText(license)}</span>
          <button
            type="button"
            className={styles.action}
            aria-expanded={open}
            aria-controls={devicesId}
            aria-describedby={keyId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? 'Hide devices' : 'Show devices'}
          </button>
        </td>
        <td className={styles.nowrap}>{expiresText(license)}</td>
        <td className={styles.nowrap}>{formatDate(license.createdAt)}</td>
        <td className={styles.actions}>
          {toggle && (
            <button
              type="button"
              className={styles.action}
              aria-describedby={keyId}
              disabled={busy !== undefined}
              onClick={() => onToggle(toggle)}
            >
              {busy === 'disable' || busy === 'enable' ? BUSY_LABEL[busy] : TOGGLE_LABEL[toggle]}
            </button>
          )}
          <button
            type="button"
            className={styles.danger}
            aria-describedby={keyId}
            disabled={busy !== undefined || activations.length === 0}
            onClick={onReset}
          >
            {busy === 'reset' ? BUSY_LABEL.reset : 'Reset devices'}
          </button>
        </td>
      </tr>
      <tr id={devicesId} className={styles.details} hidden={!open}>
        <td colSpan={columns}>
          {activations.length === 0 ? (
            <p className={styles.none}>No devices activated</p>
          ) : (
            <ul className={styles.activations} aria-label={`Devices of ${license.maskedKey}`}>
              {activations.map((activation) => (
                <li key={activation.instanceId}>
                  <span className={styles.device}>{activation.instanceName}</span>
                  <span className={styles.seen}>
                    Last seen {lastSeenText(activation.lastSeenAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </td>
      </tr>
    </>
  );
}
