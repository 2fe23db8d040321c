import { primitives } from '@store/shared';
import { useId } from 'react';
import { useDebouncedSearch } from '../../common/use-debounced-search';
import styles from './discounts.module.css';

interface DiscountsSearchProps {
  /** The search shown, '' for every code. */
  searched: string;
  /** Must keep its identity between renders. */
  onSearch: (q: string) => void;
}

/** The Discounts tab's search: the start of a code, in any case. */
export function DiscountsSearch({ searched, onSearch }: DiscountsSearchProps) {
  const id = useId();
  const { text, setText, searchNow } = useDebouncedSearch(searched, onSearch);
  return (
    <form
      role="search"
      // Named apart from the navbar's search of the catalog: two landmarks, one role.
      aria-label="Discount codes table"
      className={styles.search}
      onSubmit={(event) => {
        // Enter searches at once instead of waiting for the pause.
        event.preventDefault();
        searchNow();
      }}
    >
      <label htmlFor={id}>Search discount codes</label>
      <input
        id={id}
        type="search"
        className={primitives.input}
        value={text}
        maxLength={32}
        placeholder="Start of a code"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
