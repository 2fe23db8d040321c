import type { ProductPage } from '@store/contract';
import { formatPrice, Link, WasPrice } from '@store/shared';
import { payWhatYouWantTitle } from '../../common/pay-what-you-want';
import { LocalDate } from './local-date';
import { Stars } from './stars';
import styles from './product-page.module.css';

const searchByAssetType = (slug: string) => `/search?${new URLSearchParams({ assetType: slug })}`;

/** The price: on sale, struck beside the sale price; pay what you want, its terms. */
function ProductPrice({ product }: { product: ProductPage }) {
  if (product.pricing === 'pay_what_you_want') {
    const terms = [
      product.price > 0 ? `Minimum ${formatPrice(product.price)}` : null,
      product.suggested_price === null ? null : `Suggested ${formatPrice(product.suggested_price)}`,
    ].filter((term) => term !== null);
    return (
      <p className={styles.price}>
        {payWhatYouWantTitle(product.price)}
        {terms.length > 0 && <span className={styles.priceNote}>{terms.join(' · ')}</span>}
        <span className={styles.priceNote}>You choose your price in the cart.</span>
      </p>
    );
  }
  if (product.sale_price === null) {
    return <p className={styles.price}>{formatPrice(product.price)}</p>;
  }
  return (
    <p className={styles.price}>
      {formatPrice(product.sale_price)} <WasPrice amount={product.price} className={styles.was} />
      {product.sale_ends_at && (
        <span className={styles.priceNote}>
          Sale ends <LocalDate iso={product.sale_ends_at} />
        </span>
      )}
    </p>
  );
}

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
      <ProductPrice product={product} />
    </>
  );
}
