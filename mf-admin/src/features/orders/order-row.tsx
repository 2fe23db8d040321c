import type { AdminOrder } from '@store/contract';
import { formatDate, formatPrice, shortOrderId, StatusBadge } from '@store/shared';
import { hasUnitsLeft } from './refund-amount';
import styles from './orders.module.css';

interface OrderRowProps {
  order: AdminOrder;
  refunding: boolean;
  onRefund: () => void;
}

/** The badge capitalises the status as the api spells it; words read better than `a_b`. */
const statusWords = (status: AdminOrder['status']) => status.replace(/_/g, ' ');

/** A line's units, and how many of them were refunded. */
function lineText({ name, quantity, refunded_quantity: refunded }: AdminOrder['items'][number]) {
  if (refunded === 0) return `${quantity} × ${name}`;
  return `${quantity} × ${name} (${refunded === quantity ? 'refunded' : `${refunded} refunded`})`;
}

export function OrderRow({ order, refunding, onRefund }: OrderRowProps) {
  const short = shortOrderId(order.id);
  // The provider turned the last refund down and the order is as it was: say so, since the
  // admin would otherwise believe it refunded.
  const refundFailed = order.refund_failed_at !== null && order.status !== 'refunded';
  const partly = order.status === 'partially_refunded';
  const refundable = (order.status === 'completed' || partly) && hasUnitsLeft(order);
  return (
    <tr aria-busy={refunding}>
      <th scope="row" className={styles.id}>
        <span title={order.id}>#{short}</span>
      </th>
      <td className={styles.email}>{order.customer_email}</td>
      <td className={styles.nowrap}>{formatDate(order.created_at)}</td>
      <td className={styles.nowrap}>{formatPrice(order.total_amount)}</td>
      <td>
        <StatusBadge status={statusWords(order.status)} />
        {partly && (
          <span className={styles.partly}>{formatPrice(order.refunded_amount)} refunded</span>
        )}
        {refundFailed && <span className={styles.refundFailed}>Refund failed</span>}
      </td>
      <td>
        <ul className={styles.items}>
          {order.items.map((item) => (
            <li key={item.id}>{lineText(item)}</li>
          ))}
        </ul>
      </td>
      <td>
        {refundable && (
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
