import { formatDate, formatPrice, primitives, shortOrderId, StatusBadge } from '@store/shared';
import type { Order } from '@store/contract';
import { plural, statusWords } from './format';
import styles from './orders.module.css';

export function OrderCard({ order, onView }: { order: Order; onView: (id: string) => void }) {
  const short = shortOrderId(order.id);
  return (
    <li className={`${primitives.panel} ${styles.order}`} data-testid="order-card">
      <div className={styles.orderHead}>
        <h2 className={styles.orderId}>Order #{short}</h2>
        <StatusBadge status={statusWords(order.status)} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(order.created_at)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatPrice(order.total_amount)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{plural(order.items.length, 'item')}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={primitives.secondary}
        aria-label={`View details of order ${short}`}
        onClick={() => onView(order.id)}
      >
        View Details
      </button>
    </li>
  );
}
