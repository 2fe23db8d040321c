import type { Discount } from '@store/contract';
import { LoadError, LoadMore, primitives, Skeleton, usePagedList } from '@store/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../common/data-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DiscountDialog } from './discount-dialog';
import { DiscountRow } from './discount-row';
import { adminDiscountsApi, DISCOUNTS_FAILED as FAILED } from './discounts-api';
import { DiscountsSearch } from './discounts-search';
import styles from './discounts.module.css';
import { useDiscountActions } from './use-discount-actions';

const COLUMNS = ['Code', 'Discount', 'Applies to', 'Dates', 'Uses', 'Revenue', 'Status', 'Actions'];

/**
 * The store's discount codes, newest first, searched by the start of a code, with Load more over
 * the api's cursors; each can be edited, paused or resumed, and deleted after a confirmation.
 */
export function DiscountsPanel() {
  const [searched, setSearched] = useState('');
  const discounts = usePagedList(
    adminDiscountsApi.useAdminDiscountsInfiniteQuery(searched),
    FAILED,
  );
  // Codes as an edit, a pause or a delete answered them (null: deleted): their rows change at
  // once, until the list the change reloads arrives and replaces them.
  const [changed, setChanged] = useState<Readonly<Record<string, Discount | null>>>({});
  const loaded = discounts.items;
  useEffect(() => setChanged({}), [loaded]);
  const items = useMemo(
    () =>
      loaded.flatMap((listed) => {
        const now = changed[listed.id];
        return now === undefined ? [listed] : now ? [now] : [];
      }),
    [loaded, changed],
  );
  const showChange = useCallback(
    (id: string, now: Discount | null) => setChanged((rows) => ({ ...rows, [id]: now })),
    [],
  );
  const actions = useDiscountActions(showChange);
  // The form's dialog: a new code, or the one whose Edit was pressed.
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const { status } = discounts;
  const deleting = actions.deleting;
  const shownSearch = searched.toUpperCase();

  const create = (
    <button type="button" className={primitives.button} onClick={() => setEditing('new')}>
      New discount code
    </button>
  );

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <DiscountsSearch searched={searched} onSearch={setSearched} />
        {create}
      </div>
      {status === 'loading' && <Skeleton label="Loading discounts..." shape="row" />}
      {status === 'failed' && (
        <LoadError message={discounts.error ?? FAILED} onRetry={discounts.retry} />
      )}
      {status === 'loaded' && items.length === 0 && (
        <div className={styles.empty}>
          {searched ? (
            <p>No discount codes start with &quot;{shownSearch}&quot;</p>
          ) : (
            <>
              <p>No discount codes yet</p>
              <button
                type="button"
                className={primitives.secondary}
                onClick={() => setEditing('new')}
              >
                Create a discount code
              </button>
            </>
          )}
        </div>
      )}
      {status === 'loaded' && items.length > 0 && (
        <>
          <DataTable
            caption={
              searched
                ? `Discount codes starting with "${shownSearch}"`
                : 'All discount codes, newest first'
            }
            columns={COLUMNS}
          >
            {items.map((discount) => (
              <DiscountRow
                key={discount.id}
                discount={discount}
                busy={actions.busy(discount.id)}
                onEdit={() => setEditing(discount)}
                onToggleActive={() => void actions.toggleActive(discount)}
                onDelete={() => actions.askDelete(discount)}
              />
            ))}
          </DataTable>
          <LoadMore
            shown={items.length}
            noun="discount codes"
            singular="discount code"
            hasMore={discounts.hasMore}
            loading={discounts.loadingMore}
            onLoadMore={discounts.loadMore}
          />
        </>
      )}
      {editing && (
        <DiscountDialog
          // A new dialog, with its own draft, for each code opened.
          key={editing === 'new' ? 'new' : editing.id}
          discount={editing === 'new' ? null : editing}
          onSaved={(saved) => editing !== 'new' && showChange(saved.id, saved)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete discount code?"
          message={`"${deleting.code}" stops working at once, and its name is free for a new code. Orders that used it keep their discount.`}
          confirmLabel="Delete"
          busy={actions.busy(deleting.id) === 'delete'}
          busyLabel="Deleting..."
          onConfirm={() => void actions.confirmDelete()}
          onCancel={actions.cancelDelete}
        />
      )}
    </div>
  );
}
