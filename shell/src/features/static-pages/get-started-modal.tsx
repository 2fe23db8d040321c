import { primitives } from '@store/shared';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SUPPORT_EMAIL, WHATSAPP_URL } from '../../layout/contact';
import styles from './get-started-modal.module.css';

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Contact choices behind About's 'Get Started'; traps focus and gives it back on close. */
export function GetStartedModal({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => opener?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={dialogRef}
        className={`${primitives.card} ${styles.dialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="get-started-title"
        aria-describedby="get-started-text"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={handleKeyDown}
      >
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          ✕
        </button>
        <h2 id="get-started-title" className={styles.title}>
          Let&apos;s Talk
        </h2>
        <p id="get-started-text" className={styles.text}>
          Want to buy for your team, or apply to sell your work on the marketplace? Reach us the way
          you prefer and we&apos;ll reply within one business day.
        </p>
        <div className={styles.options}>
          <a
            href={WHATSAPP_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={primitives.button}
          >
            Chat on WhatsApp
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={primitives.secondary}>
            Send an Email
          </a>
        </div>
      </div>
    </div>
  );
}
