import { primitives, type Resource } from '@store/shared';
import { Field } from './field';
import styles from './product-form.module.css';

interface NotifyBuyersProps {
  idPrefix: string;
  /** How many buyers an update mail would reach, loaded when the edit opened. */
  buyers: Resource<number>;
  notify: boolean;
  releaseNote: string;
  onNotifyChange: (notify: boolean) => void;
  onReleaseNoteChange: (note: string) => void;
}

function buyersText(buyers: Resource<number>): string {
  if (buyers.status === 'loading') return 'Counting buyers...';
  if (buyers.status === 'failed') return buyers.error;
  return `${buyers.data} ${buyers.data === 1 ? 'buyer' : 'buyers'} will be told`;
}

/** Shown with a new file only: mail the buyers about it, with a note on what changed. */
export function NotifyBuyers(props: NotifyBuyersProps) {
  const { idPrefix, buyers, notify, releaseNote, onNotifyChange, onReleaseNoteChange } = props;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className={styles.notify}>
      <div className={styles.check}>
        <input
          id={id('notify')}
          type="checkbox"
          checked={notify}
          aria-describedby={id('buyers')}
          onChange={(event) => onNotifyChange(event.target.checked)}
        />
        <label htmlFor={id('notify')}>Notify buyers</label>
        <span
          id={id('buyers')}
          className={buyers.status === 'failed' ? styles.error : styles.hint}
          aria-live="polite"
          aria-busy={buyers.status === 'loading'}
        >
          {buyersText(buyers)}
        </span>
        {buyers.status === 'failed' && (
          <button
            type="button"
            className={`${primitives.secondary} ${styles.small}`}
            aria-describedby={id('buyers')}
            onClick={buyers.retry}
          >
            Retry
          </button>
        )}
      </div>
      <Field id={id('release-note')} label="Release note (optional)">
        <textarea
          id={id('release-note')}
          className={primitives.input}
          rows={3}
          maxLength={2000}
          value={releaseNote}
          placeholder="What changed in this file"
          onChange={(event) => onReleaseNoteChange(event.target.value)}
        />
      </Field>
    </div>
  );
}
