import { LoadError, LoadMore, Spinner, type PagedList } from '@store/shared';
import type { ReactNode } from 'react';
import styles from './analytics.module.css';

interface RevenueTableProps<T> {
  title: string;
  columns: readonly string[];
  list: PagedList<T>;
  /** The rows as the list names them, plural and singular, for Load more's status. */
  noun: string;
  singular: string;
  keyOf: (row: T) => string;
  /** A row's cells: the first is its header. */
  cells: (row: T) => [ReactNode, ...ReactNode[]];
}

/** One revenue list of the range: loading, the failure with a Retry, none, or its pages. */
export function RevenueTable<T>({
  title,
  columns,
  list,
  noun,
  singular,
  keyOf,
  cells,
}: RevenueTableProps<T>) {
  return (
    <section className={styles.revenue} aria-label={title}>
      <h2 className={styles.revenueTitle}>{title}</h2>
      {list.status === 'loading' && <Spinner label={`Loading ${title.toLowerCase()}...`} />}
      {list.status === 'failed' && (
        <LoadError
          message={list.error ?? `Failed to load ${title.toLowerCase()}`}
          onRetry={list.retry}
        />
      )}
      {list.status === 'loaded' && list.items.length === 0 && (
        <p className={styles.none}>No sales in this range</p>
      )}
      {list.status === 'loaded' && list.items.length > 0 && (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => {
                const [first, ...rest] = cells(row);
                return (
                  <tr key={keyOf(row)}>
                    <th scope="row">{first}</th>
                    {rest.map((cell, at) => (
                      <td key={columns[at + 1]}>{cell}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <LoadMore
            shown={list.items.length}
            noun={noun}
            singular={singular}
            hasMore={list.hasMore}
            loading={list.loadingMore}
            onLoadMore={list.loadMore}
          />
        </>
      )}
    </section>
  );
}
