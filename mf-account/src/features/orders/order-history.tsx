import { LoadError, Spinner } from '@store/shared';
import { useState } from 'react';
import { useResource } from '../../hooks/use-resource';
import { OrderCard } from './order-card';
import { OrderDetailsModal } from './order-details-modal';
import type { Order } from './order-types';
import { ordersApi } from './orders-api';
import styles from './orders.module.css';

const NONE: Order[] = [];

export function OrderHistory() {
  const {
    data: orders,
    loading,
    error,
    retry,
  } = useResource(ordersApi.list, NONE, 'Failed to load orders');
  const [openId, setOpenId] = useState<string | null>(null);

  if (loading) return <Spinner label="Loading orders..." />;
  if (error) return <LoadError message={error} onRetry={retry} />;
  if (orders.length === 0) return <p className={styles.empty}>No orders yet</p>;

  return (
    <>
      <ul className={styles.list} aria-label="Orders">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} onView={setOpenId} />
        ))}
      </ul>
      {openId && <OrderDetailsModal orderId={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
