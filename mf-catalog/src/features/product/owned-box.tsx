import type { DownloadTicket, ProductPage, PurchasedProduct } from '@store/contract';
import {
  downloadBlockedReason,
  formatDate,
  mayDownload,
  primitives,
  useDownload,
  withRemaining,
} from '@store/shared';
import { useCallback, useState } from 'react';
import styles from './product-page.module.css';

interface OwnedBoxProps {
  product: ProductPage;
  /** As My Downloads lists it; null when the product came some other way (a bundle's grant). */
  purchase: PurchasedProduct | null;
}

/** What a buyer sees instead of Add to Cart: the download, with My Downloads' limits. */
export function OwnedBox({ product, purchase }: OwnedBoxProps) {
  // The last download's ticket says how many are left, as on My Downloads.
  const [remaining, setRemaining] = useState<number | undefined>(undefined);
  const onStarted = useCallback((_productId: string, ticket: DownloadTicket) => {
    setRemaining(ticket.remainingDownloads);
  }, []);
  const { download, isDownloading } = useDownload(onStarted);
  const shown = purchase && withRemaining(purchase, remaining);
  const latest = product.changelog[0]?.released_at ?? product.file_updated_at;
  const downloading = isDownloading(product.id);

  return (
    <div className={`${primitives.panel} ${styles.owned}`} data-testid="owned">
      <p className={styles.ownedTitle}>In your library</p>
      {shown && (
        <p className={styles.ownedMeta}>
          {shown.remainingDownloads}/{shown.maxDownloads} downloads left ·{' '}
          {shown.expiresAt ? `Expires ${formatDate(shown.expiresAt)}` : 'Never expires'}
        </p>
      )}
      {latest && <p className={styles.ownedMeta}>Latest version: {formatDate(latest)}</p>}
      {!shown || mayDownload(shown) ? (
        <button
          type="button"
          className={primitives.button}
          disabled={downloading}
          onClick={() => void download(product.id)}
        >
          {downloading ? 'Downloading...' : 'Download'}
        </button>
      ) : (
        <p className={styles.blocked}>{downloadBlockedReason(shown)}</p>
      )}
    </div>
  );
}
