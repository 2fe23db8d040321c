import {
  downloadBlockedReason,
  formatDate,
  Link,
  mayDownload,
  PREVIEW_SIZES,
  previewImageSources,
  primitives,
  productPath,
} from '@store/shared';
import type { PurchasedProduct } from '@store/contract';
import { LicenseKeys } from './license-keys';
import styles from './downloads.module.css';

interface DownloadCardProps {
  product: PurchasedProduct;
  downloading: boolean;
  onDownload: (productId: string) => void;
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
        <h2 className={styles.name}>
          <Link to={productPath(product.slug)}>{product.name}</Link>
        </h2>
        <p className={styles.meta}>
          {product.expiresAt ? `Expires ${formatDate(product.expiresAt)}` : 'Never expires'}
        </p>
        <p className={styles.meta}>
          {product.remainingDownloads}/{product.maxDownloads} downloads left
        </p>
        {product.fileUpdatedAt && (
          <p className={styles.meta}>Updated {formatDate(product.fileUpdatedAt)}</p>
        )}
        {mayDownload(product) ? (
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
          <p className={styles.blocked}>{downloadBlockedReason(product)}</p>
        )}
      </div>
      <LicenseKeys keys={product.licenseKeys} />
    </li>
  );
}
