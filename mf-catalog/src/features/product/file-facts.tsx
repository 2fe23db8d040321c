import type { ProductPage } from '@store/contract';
import { formatFileSize } from './file-size';
import styles from './product-page.module.css';

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** The file a buyer gets (name, format, size) and the terms of its downloads. */
export function FileFacts({ product }: { product: ProductPage }) {
  const { file_name, file_type, file_size, max_downloads, download_expiry_days } = product;
  const { licensed, activation_limit, license_days } = product;
  return (
    <dl className={styles.facts} aria-label="File and download terms">
      {file_name && (
        <div>
          <dt>File</dt>
          <dd>{file_name}</dd>
        </div>
      )}
      {file_type && (
        <div>
          <dt>Format</dt>
          <dd>{file_type}</dd>
        </div>
      )}
      {file_size !== null && (
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(file_size)}</dd>
        </div>
      )}
      <div>
        <dt>Downloads</dt>
        <dd>{max_downloads === 1 ? '1 per purchase' : `${max_downloads} per purchase`}</dd>
      </div>
      <div>
        <dt>Access</dt>
        <dd>
          {download_expiry_days === null
            ? 'Never expires'
            : `Expires ${days(download_expiry_days)} after purchase`}
        </dd>
      </div>
      {licensed && (
        <div>
          <dt>License key</dt>
          <dd>
            {`One per copy, for ${activation_limit === 1 ? '1 device' : `${activation_limit} devices`} at once, `}
            {license_days === null ? 'perpetual' : `valid ${days(license_days)}`}
          </dd>
        </div>
      )}
    </dl>
  );
}
