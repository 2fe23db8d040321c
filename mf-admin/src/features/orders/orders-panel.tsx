import type { AdminOrder } from '@store/contract';
import { LoadError, LoadMore, Spinner, usePagedList } from '@store/shared';
import { useCallback, useEffect, useState } from 'react';
import { OrderRow } from './order-row';
import { adminOrdersApi, ORDERS_FAILED as FAILED } from './orders-api';
import { OrdersSearch } from './orders-search';
import { OrdersTable } from './orders-table';
import styles from './orders.module.css';
import { RefundDialog } from './refund-dialog';
import { useRefund } from './use-refund';

/**
 * Every order, newest first, searched by order id or customer e-mail, with Load more over the
 * api's cursors; a completed or partly refunded order can be refunded, whole or line by line.
 */
export function OrdersPanel() {
  const [searched, setSearched] = useState('');
  const orders = usePagedList(adminOrdersApi.useAdminOrdersInfiniteQuery(searched), FAILED);
  // Orders as a refund answered them: the row updates without reloading the pages shown. A
  // list loaded afresh starts without them.
  const [changed, setChanged] = useState<Readonly<Record<string, AdminOrder>>>({});
  const { status } = orders;
  useEffect(() => {
    if (status === 'loading') setChanged({});
  }, [status]);
  const refund = useRefund(
    useCallback((order: AdminOrder) => setChanged((rows) => ({ ...rows, [order.id]: order })), []),
  );
  const asking = refund.asking;

  return (
    <div className={styles.panel}>
      <OrdersSearch searched={searched} onSearch={setSearched} />
      {status === 'loading' && <Spinner label="Loading orders..." />}
      {status === 'failed' && <LoadError message={orders.error ?? FAILED} onRetry={orders.retry} />}
      {status === 'loaded' && orders.items.length === 0 && (
        <p className={styles.empty}>{searched ? 'No orders found' : 'No orders yet'}</p>
      )}
      {status === 'loaded' && orders.items.length > 0 && (
        <>
          <OrdersTable searched={searched}>
            {orders.items.map((listed) => {
              const order = changed[listed.id] ?? listed;
              return (
                <OrderRow
                  key={order.id}
                  order={order}
                  refunding={refund.isRefunding(order.id)}
                  onRefund={() => refund.ask(order)}
                />
              );
            })}
          </OrdersTable>
          <LoadMore
            shown={orders.items.length}
            noun="orders"
            singular="order"
            hasMore={orders.hasMore}
            loading={orders.loadingMore}
            onLoadMore={orders.loadMore}
          />
        </>
      )}
      {asking && (
        <RefundDialog
          key={asking.id}
          order={asking}
          running={refund.requestFor(asking.id)}
          onRefund={(request) => void refund.confirm(request)}
          onCancel={refund.cancel}
        />
      )}
    </div>
  );
}
