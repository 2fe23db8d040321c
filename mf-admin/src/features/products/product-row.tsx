import { formatPrice, PREVIEW_SIZES, previewImageSources } from '@store/shared';
import type { Product } from '@store/shared';
import styles from './products.module.css';

interface ProductRowProps {
  product: Product;
  busy: boolean;
  onToggleFeatured: () => void;
  onDelete: () => void;
}

export function ProductRow({ product, busy, onToggleFeatured, onDelete }: ProductRowProps) {
  return (
    <tr>
      <td>
        <img
          className={styles.thumb}
          {...previewImageSources(product.preview_image_url, PREVIEW_SIZES.thumb)}
          alt=""
          width={64}
          height={40}
          loading="lazy"
          decoding="async"
        />
      </td>
      <th scope="row" className={styles.name}>
        {product.name}
      </th>
      <td>{formatPrice(product.price)}</td>
      <td>{product.category_display_name ?? product.category}</td>
      <td>
        <button
          type="button"
          className={product.is_featured ? `${styles.star} ${styles.featured}` : styles.star}
          aria-pressed={product.is_featured}
          aria-label={`Featured: ${product.name}`}
          disabled={busy}
          onClick={onToggleFeatured}
        >
          {product.is_featured ? '★' : '☆'}
        </button>
      </td>
      <td>
        <button
          type="button"
          className={styles.delete}
          aria-label={`Delete ${product.name}`}
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
