import { formatDate, PREVIEW_SIZES, previewImageSources, primitives } from '@store/shared';
import type { PurchasedProduct } from '@store/contract';
import styles from './downloads.module.css';

interface DownloadCardProps {
  product: PurchasedProduct;
  downloading: boolean;
  onDownload: (productId: string) => void;
}

/**
 * Why there is no Download button. `refunded` comes first: it is set only when every order that
 * granted the product was refunded or disputed, so no other grant is left to download with.
 */
function blockedReason(product: PurchasedProduct): string {
  if (product.refunded) return 'Refunded';
  return product.remainingDownloads <= 0 ? 'Download limit reached' : 'Download expired';
}

export function DownloadCard({ product, downloading, onDownload }: DownloadCardProps) {
  return (
    <li className={styles.card} data-testid="download-card">
      <img
        className={styles.image}
        {...previewImageSources(product.previewImageUrl, PREVIEW_SIZES.card)}
        alt={product.name}
        loading="lazy"
        decoding="async"
        width={480}
        height={300}
      />
      <div className={styles.body}>
        <h2 className={styles.name}>{product.name}</h2>
        <p className={styles.meta}>
          {product.expiresAt ? `Expires ${formatDate(product.expiresAt)}` : 'Never expires'}
        </p>
        <p className={styles.meta}>
          {product.remainingDownloads}/{product.maxDownloads} downloads left
        </p>
        {product.fileUpdatedAt && (
          <p className={styles.meta}>Updated {formatDate(product.fileUpdatedAt)}</p>
        )}
        {product.canDownload && !product.refunded ? (
          <button
            type="button"
            className={primitives.button}
            disabled={downloading}
            aria-label={`Download ${product.name}`}
            onClick={() => onDownload(product.productId)}
          >
            {downloading ? 'Downloading...' : 'Download'}
          </button>
        ) : (
          <p className={styles.blocked}>{blockedReason(product)}</p>
        )}
      </div>
    </li>
  );
}
