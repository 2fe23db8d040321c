import type { LicenseKey } from '@store/contract';
import { useId, useRef } from 'react';
import { copyLicenseKey } from './copy-license-key';
import { LicenseDevices } from './license-devices';
import { devicesText, expiryText, STATUS_LABEL } from './license-display';
import styles from './licenses.module.css';

/** One key: the key itself with Copy, whether it works, its devices and how long it lasts. */
export function LicenseKeyItem({ license }: { license: LicenseKey }) {
  const keyId = useId();
  const field = useRef<HTMLElement>(null);

  async function copy() {
    if (await copyLicenseKey(license.key)) return;
    // The browser refused: the key is selected instead, ready for the buyer's own copy.
    if (field.current) window.getSelection()?.selectAllChildren(field.current);
  }

  return (
    <li className={styles.key}>
      <div className={styles.keyLine}>
        <code id={keyId} ref={field} className={styles.keyText}>
          {license.key}
        </code>
        <button
          type="button"
          className={styles.copy}
          aria-describedby={keyId}
          onClick={() => void copy()}
        >
          Copy
        </button>
      </div>
      <p className={styles.keyMeta}>
        {license.status !== 'active' && (
          <span className={`${styles.badge} ${styles[license.status]}`}>
            {STATUS_LABEL[license.status]}
          </span>
        )}
        <span>{devicesText(license)}</span>
        <span>{expiryText(license)}</span>
      </p>
      <LicenseDevices license={license} />
    </li>
  );
}
