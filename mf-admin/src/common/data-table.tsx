import type { ReactNode } from 'react';
import styles from './data-table.module.css';

interface DataTableProps {
  caption: string;
  columns: string[];
  /** A page is loading: the rows shown stay, dimmed, and the table says it is busy. */
  stale?: boolean;
  /** Cells align to their top (rows of several lines) instead of their middle. */
  alignTop?: boolean;
  children: ReactNode;
}

/** A dashboard table: scrolls sideways on narrow screens, captioned, one header row. */
export function DataTable({
  caption,
  columns,
  stale = false,
  alignTop = false,
  children,
}: DataTableProps) {
  const classes = [styles.table, stale && styles.stale, alignTop && styles.top].filter(Boolean);
  return (
    <div className={styles.scroller}>
      <table className={classes.join(' ')} aria-busy={stale}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
