import type { Product } from '@store/contract';
import { pageIndexOf, useAppDispatch, useAppSelector } from '@store/shared';
import { useCallback, useEffect, useState } from 'react';
import {
  adminProductsApi,
  showDeleted,
  showFeatured,
  type ProductsQuery,
} from '../../common/products-api';
import { pageShown, queryChanged, selectProductsView } from '../../common/products-view-slice';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProductRow, type RowAction } from './product-row';
import { ProductsList, type ProductsStatus } from './products-list';
import { ProductsPager } from './products-pager';
import { ProductsToolbar } from './products-toolbar';
import styles from './products.module.css';

interface ProductsTableProps {
  /** The row's Edit: the page decides where the product form opens. */
  onEdit: (product: Product) => void;
}

const NONE: Product[] = [];

/**
 * The whole catalog a page at a time (the api's keyset pages), searched, sorted and sized on
 * the server. Opening the tab loads the page it was left on, with the same search.
 */
export function ProductsTable({ onEdit }: ProductsTableProps) {
  const dispatch = useAppDispatch();
  const { query, page } = useAppSelector(selectProductsView);
  const pages = adminProductsApi.useAdminProductsInfiniteQuery(query, {
    initialPageParam: page,
  });
  const [toggleFeatured] = adminProductsApi.useToggleFeaturedMutation();
  const [deleteProduct] = adminProductsApi.useDeleteProductMutation();
  const [busy, setBusy] = useState<Readonly<Record<string, RowAction>>>({});
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);

  const { currentData, data, isError, isFetching, hasNextPage, hasPreviousPage } = pages;
  const { isFetchingNextPage, isFetchingPreviousPage, isFetchNextPageError } = pages;
  const { isFetchPreviousPageError, fetchNextPage, fetchPreviousPage, refetch } = pages;
  const shown = currentData?.pageParams[0];
  // The last page stays on screen, dimmed, until the next one (or the next search) arrives.
  const products = data?.pages[0]?.items ?? NONE;
  // A page that failed to come is the error state; a refill that failed keeps the rows (toasted).
  const turnFailed = isFetchNextPageError || isFetchPreviousPageError;
  const status: ProductsStatus = isFetching
    ? 'loading'
    : (isError && !currentData) || turnFailed
      ? 'failed'
      : currentData
        ? 'loaded'
        : 'loading';
  // The number of the page shown, or of the one on its way (or that failed to come).
  const towards =
    isFetchingNextPage || isFetchNextPageError
      ? 1
      : isFetchingPreviousPage || isFetchPreviousPageError
        ? -1
        : 0;

  useEffect(() => {
    if (shown && shown !== page) dispatch(pageShown(shown));
  }, [dispatch, shown, page]);

  // A page left empty, its last row deleted, steps back to the page before.
  const emptied = status === 'loaded' && products.length === 0 && hasPreviousPage;
  useEffect(() => {
    if (emptied) void fetchPreviousPage();
  }, [emptied, fetchPreviousPage]);

  const changeQuery = useCallback(
    (change: Partial<ProductsQuery>) => dispatch(queryChanged(change)),
    [dispatch],
  );

  function turn(direction: 'next' | 'previous') {
    void (direction === 'next' ? fetchNextPage() : fetchPreviousPage());
  }

  function retry() {
    if (isFetchNextPageError) void fetchNextPage();
    else if (isFetchPreviousPageError) void fetchPreviousPage();
    else void refetch();
  }

  async function run<T>(id: string, action: RowAction, call: () => Promise<T>) {
    setBusy((rows) => ({ ...rows, [id]: action }));
    try {
      return await call();
    } finally {
      setBusy(({ [id]: _settled, ...rows }) => rows);
    }
  }

  async function feature(id: string) {
    const saved = await run(id, 'feature', () => toggleFeatured(id));
    if (saved.data) showFeatured(dispatch, query, saved.data);
  }

  // The dialog closes once the product is gone; after a failure it stays, ready for a retry.
  async function confirmDelete() {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    const result = await run(id, 'delete', () => deleteProduct(id));
    if (result.error) return;
    setPendingDelete((current) => (current?.id === id ? null : current));
    // Gone at once; the page then reloads without hiding, so the row after it moves up.
    showDeleted(dispatch, query, id);
  }

  return (
    <div className={styles.panel}>
      <ProductsToolbar query={query} onChange={changeQuery} />
      <ProductsList products={products} status={status} searched={query.q} onRetry={retry}>
        {products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            busy={busy[product.id]}
            onToggleFeatured={() => void feature(product.id)}
            onEdit={() => onEdit(product)}
            onDelete={() => setPendingDelete(product)}
          />
        ))}
      </ProductsList>
      <ProductsPager
        page={pageIndexOf(shown ?? page) + 1 + towards}
        hasNext={Boolean(currentData) && hasNextPage}
        loading={isFetching}
        onTurn={turn}
      />
      {pendingDelete && (
        <ConfirmDialog
          title="Delete product?"
          message={`"${pendingDelete.name}" will be removed from the catalog and from carts. Buyers keep their downloads.`}
          confirmLabel="Delete"
          busy={busy[pendingDelete.id] === 'delete'}
          busyLabel="Deleting..."
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </div>
  );
}
