import {
  LoadError,
  LoadMore,
  Spinner,
  useDownload,
  usePagedList,
  withRemaining,
} from '@store/shared';
import { useCallback, useEffect, useState } from 'react';
import type { DownloadTicket } from '@store/contract';
import { ordersApi, PURCHASED_FAILED as FAILED } from '../../common/orders-api';
import { DownloadCard } from './download-card';
import styles from './downloads.module.css';

export function MyDownloads() {
  const products = usePagedList(ordersApi.usePurchasedProductsInfiniteQuery(), FAILED);
  // Downloads left per product as the last download's ticket said: a download updates its own
  // card rather than reloading every page shown. A list loaded afresh starts without them.
  const [remaining, setRemaining] = useState<Readonly<Record<string, number>>>({});
  const { status } = products;
  useEffect(() => {
    if (status === 'loading') setRemaining({});
  }, [status]);
  const onStarted = useCallback((productId: string, ticket: DownloadTicket) => {
    setRemaining((left) => ({ ...left, [productId]: ticket.remainingDownloads }));
  }, []);
  const { download, isDownloading } = useDownload(onStarted);

  if (status === 'loading') return <Spinner label="Loading downloads..." />;
  if (status === 'failed') {
    return <LoadError message={products.error ?? FAILED} onRetry={products.retry} />;
  }
  if (products.items.length === 0) return <p className={styles.empty}>No downloads available</p>;

  return (
    <>
      <ul className={styles.grid} aria-label="Purchased products">
        {products.items.map((product) => (
          <DownloadCard
            key={product.id}
            product={withRemaining(product, remaining[product.productId])}
            downloading={isDownloading(product.productId)}
            onDownload={download}
          />
        ))}
      </ul>
      <LoadMore
        shown={products.items.length}
        noun="downloads"
        singular="download"
        hasMore={products.hasMore}
        loading={products.loadingMore}
        onLoadMore={products.loadMore}
      />
    </>
  );
}
