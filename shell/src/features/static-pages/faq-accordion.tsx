import type { FaqItem } from './faq-data';
import styles from './faq-page.module.css';

interface FaqAccordionProps {
  items: FaqItem[];
  openId: string | null;
  onToggle: (id: string) => void;
}

export function FaqAccordion({ items, openId, onToggle }: FaqAccordionProps) {
  return (
    <div className={styles.accordion}>
      {items.map(({ id, question, answer }) => {
        const open = id === openId;
        return (
          <div key={id} className={`${styles.item} ${open ? styles.itemOpen : ''}`}>
            <h3 className={styles.question}>
              <button
                type="button"
                id={`faq-q-${id}`}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={`faq-a-${id}`}
                onClick={() => onToggle(id)}
              >
                <span>{question}</span>
                <span className={styles.chevron} aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div
              id={`faq-a-${id}`}
              role="region"
              aria-labelledby={`faq-q-${id}`}
              className={styles.answer}
              hidden={!open}
            >
              <p>{answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
