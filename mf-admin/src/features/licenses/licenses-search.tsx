import { primitives } from '@store/shared';
import { useId, useState } from 'react';
import styles from './licenses.module.css';

export const SEARCH_HINT = "Find a license by its whole key or the buyer's e-mail";

interface LicensesSearchProps {
  /** Gets the trimmed text on Enter or Search; never an empty one. */
  onSearch: (q: string) => void;
}

/**
 * The Licenses tab's search. It runs on Enter or Search only, never while typing: the api finds
 * a whole key or a whole e-mail, so a search of half of one would only say "none".
 */
export function LicensesSearch({ onSearch }: LicensesSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      // Named apart from the navbar's search of the catalog: two landmarks, one role.
      aria-label="Licenses"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (q) onSearch(q);
      }}
    >
      <label htmlFor={id}>Search licenses</label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="search"
          className={primitives.input}
          value={text}
          maxLength={254}
          placeholder="License key or buyer e-mail"
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={primitives.button}>
          Search
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {SEARCH_HINT}
      </p>
    </form>
  );
}
