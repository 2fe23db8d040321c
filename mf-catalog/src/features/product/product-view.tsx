import type { ProductPage } from '@store/contract';
import { resourceOf, selectUser, useAppSelector } from '@store/shared';
import { BuyBox } from './buy-box';
import { Changelog } from './changelog';
import { FileFacts } from './file-facts';
import { Markdown } from './markdown';
import { productApi } from './product-api';
import { ProductGallery } from './product-gallery';
import { ProductHeading } from './product-heading';
import { ProductReviews } from './product-reviews';
import { RelatedProducts } from './related-products';
import styles from './product-page.module.css';

/** A loaded product: gallery beside the details, then description, changelog, reviews, related. */
export function ProductView({ product }: { product: ProductPage }) {
  const signedIn = useAppSelector(selectUser) !== null;
  const mineQuery = productApi.useProductMineQuery(product.id, { skip: !signedIn });
  const mine = signedIn ? resourceOf(mineQuery, 'Failed to load your purchase') : null;

  return (
    <article className={styles.page}>
      <div className={styles.top}>
        <ProductGallery name={product.name} images={product.preview_images} />
        <div className={styles.details}>
          <ProductHeading product={product} />
          <BuyBox product={product} mine={mine} />
          <FileFacts product={product} />
        </div>
      </div>
      <section className={styles.section} aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <Markdown className={styles.description} text={product.description} />
      </section>
      <Changelog entries={product.changelog} />
      <ProductReviews product={product} mine={mine} />
      <RelatedProducts productId={product.id} />
    </article>
  );
}
