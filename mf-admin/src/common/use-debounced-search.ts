import { useEffect, useState } from 'react';

/** Typing waits this long for the next key before it searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box's text, searched once typing pauses (or at once on Enter, `searchNow`).
 * `searched` is the search shown; `onSearch` gets the trimmed text when it differs, and must
 * keep its identity between renders (a new one restarts the pause).
 */
export function useDebouncedSearch(searched: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(searched);
  const typed = text.trim();

  useEffect(() => {
    if (typed === searched) return;
    const timer = setTimeout(() => onSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, searched, onSearch]);

  function searchNow() {
    if (typed !== searched) onSearch(typed);
  }

  return { text, setText, searchNow };
}
