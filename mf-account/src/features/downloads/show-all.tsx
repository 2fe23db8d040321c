import { useState } from 'react';
import styles from './licenses.module.css';

/** The first `first` items, or all of them once the buyer asks. */
export function useShowAll<T>(items: readonly T[], first: number) {
  const [expanded, setExpanded] = useState(false);
  return {
    shown: expanded ? items : items.slice(0, first),
    expanded,
    toggle: () => setExpanded((was) => !was),
  };
}

interface ShowAllToggleProps {
  total: number;
  first: number;
  /** Plural, e.g. "keys". */
  noun: string;
  expanded: boolean;
  /** The id of the list it opens. */
  controls: string;
  onToggle: () => void;
}

/** A disclosure for a long list; nothing when the list is short enough to show whole. */
export function ShowAllToggle({
  total,
  first,
  noun,
  expanded,
  controls,
  onToggle,
}: ShowAllToggleProps) {
  if (total <= first) return null;
  return (
    <button
      type="button"
      className={styles.more}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      {expanded ? `Show fewer ${noun}` : `Show all ${total} ${noun}`}
    </button>
  );
}
