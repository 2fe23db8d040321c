import type { AdminOrder } from '@store/contract';
import { formatDate, formatPrice, shortOrderId, StatusBadge } from '@store/shared';
import styles from './orders.module.css';

interface OrderRowProps {
  order: AdminOrder;
  refunding: boolean;
  onRefund: () => void;
}

export function OrderRow({ order, refunding, onRefund }: OrderRowProps) {
  const short = shortOrderId(order.id);
  // The provider turned the last refund down and the order is completed again: say so, since
  // the admin would otherwise believe it refunded.
  const refundFailed = order.refund_failed_at !== null && order.status !== 'refunded';
  return (
    <tr aria-busy={refunding}>
      <th scope="row" className={styles.id}>
        <span title={order.id}>#{short}</span>
      </th>
      <td className={styles.email}>{order.customer_email}</td>
      <td className={styles.nowrap}>{formatDate(order.created_at)}</td>
      <td className={styles.nowrap}>{formatPrice(order.total_amount)}</td>
      <td>
        <StatusBadge status={order.status} />
        {refundFailed && <span className={styles.refundFailed}>Refund failed</span>}
      </td>
      <td>
        <ul className={styles.items}>
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      </td>
      <td>
        {order.status === 'completed' && (
          <button
            type="button"
            className={styles.refund}
            aria-label={`Refund order ${short}`}
            disabled={refunding}
            onClick={onRefund}
          >
            {refunding ? 'Refunding...' : 'Refund'}
          </button>
        )}
      </td>
    </tr>
  );
}
