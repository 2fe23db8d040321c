import { useLocation, useNavigate } from '@store/shared';
import { useId, useState, type FormEvent } from 'react';
import { preloadRemotePages } from '../../remotes/federation-loader';
import styles from './navbar.module.css';

/** The term of `/search` in the address bar, '' on any other page. */
function termOf(pathname: string, search: string): string {
  const onSearchPage = pathname.replace(/\/+$/, '').toLowerCase() === '/search';
  return onSearchPage ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/** The navbar's product search: submitting opens `/search?q=` (the catalog remote's page). */
export function NavbarSearch({ onSearch }: { onSearch: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const term = termOf(pathname, search);
  const [text, setText] = useState(term);
  const [shown, setShown] = useState(term);
  // A new search, Back or Forward puts the page's term in the box.
  if (term !== shown) {
    setShown(term);
    setText(term);
  }
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    onSearch();
    navigate(`/search?q=${encodeURIComponent(q)}`);
  }

  return (
    // The action is for a first screen the server drew, before the client has taken it over.
    <form role="search" className={styles.search} onSubmit={submit} action="/search">
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        className={styles.searchInput}
        type="search"
        name="q"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // The results page is the catalog remote's: its code starts coming while the term is typed.
        onFocus={() => preloadRemotePages('catalog')}
      />
      <button type="submit" className={styles.searchButton} aria-label="Search">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
