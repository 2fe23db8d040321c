import { PREVIEW_SIZES, previewImageSources } from '@store/shared';
import type { Product } from '@store/contract';
import { ProductPrice } from './product-price';
import styles from './products.module.css';

/** A row's request in flight, so its buttons can say what it is doing. */
export type RowAction = 'feature' | 'delete';

interface ProductRowProps {
  product: Product;
  /** The row's request in flight, if any: both buttons wait for it. */
  busy: RowAction | undefined;
  onToggleFeatured: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function ProductRow({ product, busy, onToggleFeatured, onEdit, onDelete }: ProductRowProps) {
  const saving = busy === 'feature';
  return (
    <tr aria-busy={busy !== undefined}>
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
        {product.is_bundle && <span className={styles.bundle}>Bundle</span>}
      </th>
      <td>
        <ProductPrice product={product} />
      </td>
      <td>{product.category_display_name ?? product.category}</td>
      <td>
        {/* The name stays 'Featured: …' while saving: aria-pressed still tells the state. */}
        <button
          type="button"
          className={[
            styles.star,
            product.is_featured ? styles.featured : '',
            saving ? styles.saving : '',
          ].join(' ')}
          aria-pressed={product.is_featured}
          aria-label={`Featured: ${product.name}`}
          disabled={busy !== undefined}
          onClick={onToggleFeatured}
        >
          {saving ? 'Saving...' : product.is_featured ? '★' : '☆'}
        </button>
      </td>
      <td className={styles.actions}>
        <button
          type="button"
          className={styles.edit}
          aria-label={`Edit ${product.name}`}
          disabled={busy !== undefined}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className={styles.delete}
          aria-label={`Delete ${product.name}`}
          disabled={busy !== undefined}
          onClick={onDelete}
        >
          {busy === 'delete' ? 'Deleting...' : 'Delete'}
        </button>
      </td>
    </tr>
  );
}
