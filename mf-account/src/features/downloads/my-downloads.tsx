import { LoadError, Spinner } from '@store/shared';
import { useResource } from '../../hooks/use-resource';
import { ordersApi } from '../orders/orders-api';
import type { PurchasedProduct } from '../orders/order-types';
import { DownloadCard } from './download-card';
import styles from './downloads.module.css';
import { useDownload } from './use-download';

const NONE: PurchasedProduct[] = [];

export function MyDownloads() {
  const {
    data: products,
    loading,
    error,
    reload,
    retry,
  } = useResource(ordersApi.purchased, NONE, 'Failed to load purchased products');
  const { download, isDownloading } = useDownload(reload);

  if (loading) return <Spinner label="Loading downloads..." />;
  if (error) return <LoadError message={error} onRetry={retry} />;
  if (products.length === 0) return <p className={styles.empty}>No downloads available</p>;

  return (
    <ul className={styles.grid} aria-label="Purchased products">
      {products.map((product) => (
        <DownloadCard
          key={product.id}
          product={product}
          downloading={isDownloading(product.productId)}
          onDownload={download}
        />
      ))}
    </ul>
  );
}
