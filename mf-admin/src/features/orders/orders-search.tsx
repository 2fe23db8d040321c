import { primitives } from '@store/shared';
import { useId } from 'react';
import { useDebouncedSearch } from '../../common/use-debounced-search';
import styles from './orders.module.css';

interface OrdersSearchProps {
  /** The search shown, '' for every order. */
  searched: string;
  /** Must keep its identity between renders. */
  onSearch: (q: string) => void;
}

/** The Orders tab's search: an order id, or part of the customer's e-mail. */
export function OrdersSearch({ searched, onSearch }: OrdersSearchProps) {
  const id = useId();
  const { text, setText, searchNow } = useDebouncedSearch(searched, onSearch);
  return (
    <form
      role="search"
      // Named apart from the navbar's search of the catalog: two landmarks, one role.
      aria-label="Orders table"
      className={styles.search}
      onSubmit={(event) => {
        // Enter searches at once instead of waiting for the pause.
        event.preventDefault();
        searchNow();
      }}
    >
      <label htmlFor={id}>Search orders</label>
      <input
        id={id}
        type="search"
        className={primitives.input}
        value={text}
        maxLength={254}
        placeholder="Order id or customer e-mail"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
