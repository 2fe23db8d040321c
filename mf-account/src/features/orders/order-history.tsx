import { LoadError, LoadMore, primitives, Spinner, usePagedList } from '@store/shared';
import { useState } from 'react';
import { ORDERS_FAILED as FAILED, ordersApi } from '../../common/orders-api';
import { OrderCard } from './order-card';
import { OrderDetailsModal } from './order-details-modal';
import styles from './orders.module.css';

export function OrderHistory() {
  const orders = usePagedList(ordersApi.useOrdersInfiniteQuery(), FAILED);
  const [openId, setOpenId] = useState<string | null>(null);

  if (orders.status === 'loading') return <Spinner label="Loading orders..." />;
  if (orders.status === 'failed') {
    return <LoadError message={orders.error ?? FAILED} onRetry={orders.retry} />;
  }
  if (orders.items.length === 0) return <p className={styles.empty}>No orders yet</p>;

  return (
    <>
      <ul className={`${primitives.stack} ${styles.list}`} aria-label="Orders">
        {orders.items.map((order) => (
          <OrderCard key={order.id} order={order} onView={setOpenId} />
        ))}
      </ul>
      <LoadMore
        shown={orders.items.length}
        noun="orders"
        singular="order"
        hasMore={orders.hasMore}
        loading={orders.loadingMore}
        onLoadMore={orders.loadMore}
      />
      {openId && <OrderDetailsModal orderId={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
