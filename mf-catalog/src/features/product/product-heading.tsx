import type { ProductPage } from '@store/contract';
import { formatPrice, Link } from '@store/shared';
import { LocalDate } from './local-date';
import { Stars } from './stars';
import styles from './product-page.module.css';

const searchByAssetType = (slug: string) => `/search?${new URLSearchParams({ assetType: slug })}`;

/** The category and asset type (each a link to its listing), the name, the rating and the price. */
export function ProductHeading({ product }: { product: ProductPage }) {
  const { rating } = product;
  return (
    <>
      <p className={styles.tags}>
        <Link className={styles.tag} to={`/category/${encodeURIComponent(product.category)}`}>
          {product.category_display_name ?? product.category}
        </Link>
        {product.asset_type && (
          <Link className={styles.tag} to={searchByAssetType(product.asset_type)}>
            {product.asset_type_display_name ?? product.asset_type}
          </Link>
        )}
      </p>
      <h1 className={styles.name}>{product.name}</h1>
      {rating.average !== null && rating.count > 0 && (
        <p className={styles.ratingLine}>
          <Stars rating={Number(rating.average.toFixed(1))} />
          <a href="#reviews">{rating.count === 1 ? '1 review' : `${rating.count} reviews`}</a>
        </p>
      )}
      {product.sale_price === null ? (
        <p className={styles.price}>{formatPrice(product.price)}</p>
      ) : (
        <p className={styles.price}>
          {formatPrice(product.sale_price)}{' '}
          <s className={styles.was}>
            <span className="visually-hidden">was </span>
            {formatPrice(product.price)}
          </s>
          {product.sale_ends_at && (
            <span className={styles.saleEnds}>
              Sale ends <LocalDate iso={product.sale_ends_at} />
            </span>
          )}
        </p>
      )}
    </>
  );
}
