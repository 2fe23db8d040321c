import {
  formatDate,
  formatPrice,
  Link,
  LoadError,
  Modal,
  PREVIEW_SIZES,
  previewImageSources,
  primitives,
  productPath,
  shortOrderId,
  Spinner,
  StatusBadge,
  resourceOf,
  useDownload,
} from '@store/shared';
import type { Order } from '@store/contract';
import { DETAILS_FAILED, ordersApi } from '../../common/orders-api';
import { refundedText, statusWords } from './format';
import styles from './orders.module.css';

export function OrderDetailsModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const details = resourceOf(ordersApi.useOrderQuery(orderId), DETAILS_FAILED);
  const { download, isDownloading } = useDownload();

  return (
    <Modal title={`Order #${shortOrderId(orderId)}`} onClose={onClose}>
      {details.status === 'loading' && <Spinner label="Loading order details..." />}
      {details.status === 'failed' && <LoadError message={details.error} onRetry={details.retry} />}
      {details.status === 'loaded' && (
        <OrderDetails order={details.data} onDownload={download} isDownloading={isDownloading} />
      )}
    </Modal>
  );
}

interface OrderDetailsProps {
  order: Order;
  onDownload: (productId: string) => void;
  isDownloading: (productId: string) => boolean;
}

/** Statuses whose lines still grant their downloads, but for the units refunded. */
const GRANTING: readonly Order['status'][] = ['completed', 'partially_refunded'];

function OrderDetails({ order, onDownload, isDownloading }: OrderDetailsProps) {
  const granting = GRANTING.includes(order.status);
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={statusWords(order.status)} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatPrice(order.total_amount)}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(order.created_at)}</dd>
        </div>
      </dl>
      <h3 className={styles.itemsHeading}>Items</h3>
      <ul className={`${primitives.stack} ${styles.items}`}>
        {order.items.map((item) => {
          const refunded = refundedText(item.quantity, item.refunded_quantity);
          // A line whose every unit was refunded grants nothing any more.
          const downloadable = granting && item.refunded_quantity < item.quantity;
          return (
            <li key={item.id} className={styles.item} data-testid="order-item">
              <img
                className={styles.itemImage}
                {...previewImageSources(item.preview_image_url, PREVIEW_SIZES.line)}
                alt={item.name}
                width={96}
                height={60}
                loading="lazy"
                decoding="async"
              />
              <div className={styles.itemBody}>
                <p className={styles.itemName}>
                  <Link to={productPath(item.slug)}>{item.name}</Link>
                </p>
                <p className={styles.itemMeta}>
                  Quantity: {item.quantity} · {formatPrice(item.price)}
                </p>
                {refunded && <p className={styles.itemRefunded}>{refunded}</p>}
              </div>
              {downloadable && (
                <button
                  type="button"
                  className={primitives.button}
                  disabled={isDownloading(item.product_id)}
                  aria-label={`Download ${item.name}`}
                  onClick={() => onDownload(item.product_id)}
                >
                  {isDownloading(item.product_id) ? 'Downloading...' : 'Download'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
