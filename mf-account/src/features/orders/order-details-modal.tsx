import {
  errorMessage,
  formatDate,
  formatPrice,
  LoadError,
  Modal,
  notify,
  PREVIEW_SIZES,
  previewImageSources,
  primitives,
  Spinner,
} from '@store/shared';
import { useEffect, useState } from 'react';
import { useDownload } from '../downloads/use-download';
import { shortId } from './format';
import type { Order } from './order-types';
import { ordersApi } from './orders-api';
import styles from './orders.module.css';
import { StatusBadge } from './status-badge';

type Details =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; order: Order };

export function OrderDetailsModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const [details, setDetails] = useState<Details>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { download, isDownloading } = useDownload();

  useEffect(() => {
    let current = true;
    setDetails({ state: 'loading' });
    ordersApi
      .details(orderId)
      .then((order) => current && setDetails({ state: 'loaded', order }))
      .catch((error: unknown) => {
        const message = errorMessage(error, 'Failed to load order details');
        notify.error(message);
        if (current) setDetails({ state: 'failed', message });
      });
    return () => {
      current = false;
    };
  }, [orderId, attempt]);

  return (
    <Modal title={`Order #${shortId(orderId)}`} onClose={onClose}>
      {details.state === 'loading' && <Spinner label="Loading order details..." />}
      {details.state === 'failed' && (
        <LoadError message={details.message} onRetry={() => setAttempt((count) => count + 1)} />
      )}
      {details.state === 'loaded' && (
        <OrderDetails order={details.order} onDownload={download} isDownloading={isDownloading} />
      )}
    </Modal>
  );
}

interface OrderDetailsProps {
  order: Order;
  onDownload: (productId: string) => void;
  isDownloading: (productId: string) => boolean;
}

function OrderDetails({ order, onDownload, isDownloading }: OrderDetailsProps) {
  const downloadable = order.status === 'completed';
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={order.status} />
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
      <ul className={styles.items}>
        {order.items.map((item) => (
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
              <p className={styles.itemName}>{item.name}</p>
              <p className={styles.itemMeta}>
                Quantity: {item.quantity} · {formatPrice(item.price)}
              </p>
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
        ))}
      </ul>
    </>
  );
}
