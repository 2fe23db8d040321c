import type { ProductPage } from '@store/contract';
import { primitives } from '@store/shared';
import { LocalDate } from './local-date';
import styles from './product-page.module.css';

/** The file's versions, newest first, each with its date and release note (plain text). */
export function Changelog({ entries }: { entries: ProductPage['changelog'] }) {
  if (entries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="changelog-heading">
      <h2 id="changelog-heading">Changelog</h2>
      <ol className={`${primitives.stack} ${styles.changelog}`}>
        {entries.map((entry) => (
          <li key={entry.version}>
            <h3 className={styles.version}>
              Version {entry.version}{' '}
              <time className={styles.muted} dateTime={entry.released_at}>
                <LocalDate iso={entry.released_at} />
              </time>
            </h3>
            {entry.notes && <p className={styles.notes}>{entry.notes}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
