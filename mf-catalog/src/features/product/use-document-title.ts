import { useEffect } from 'react';

/** The tab's title while the page shows `title` (null: left as it is); the old one comes back after. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
