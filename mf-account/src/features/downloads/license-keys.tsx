import type { LicenseKey } from '@store/contract';
import { useId } from 'react';
import { LicenseKeyItem } from './license-key-item';
import styles from './licenses.module.css';
import { ShowAllToggle, useShowAll } from './show-all';

/** Keys listed before "Show all": a buyer of ten seats gets ten keys. */
const KEYS_SHOWN = 3;

/** A download card's license keys, one per unit bought; nothing for a product without keys. */
export function LicenseKeys({ keys }: { keys: LicenseKey[] }) {
  const headingId = useId();
  const listId = useId();
  const { shown, expanded, toggle } = useShowAll(keys, KEYS_SHOWN);
  if (keys.length === 0) return null;
  return (
    <section className={styles.licenses} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {keys.length === 1 ? 'License key' : 'License keys'}
      </h3>
      <ul id={listId} className={styles.keys}>
        {shown.map((license) => (
          <LicenseKeyItem key={license.id} license={license} />
        ))}
      </ul>
      <ShowAllToggle
        total={keys.length}
        first={KEYS_SHOWN}
        noun="keys"
        expanded={expanded}
        controls={listId}
        onToggle={toggle}
      />
    </section>
  );
}
