import type { ProductPage } from '@store/contract';
import { resourceOf, selectUser, useAppSelector } from '@store/shared';
import { BundleItems } from './bundle-items';
import { BuyBox } from './buy-box';
import { Changelog } from './changelog';
import { FileFacts } from './file-facts';
import { Markdown } from './markdown';
import { productApi } from './product-api';
import { ProductGallery } from './product-gallery';
import { ProductHeading } from './product-heading';
import { ProductPageSkeleton } from './product-page-skeleton';
import { ProductReviews } from './product-reviews';
import { RelatedProducts } from './related-products';
import styles from './product-page.module.css';

/** A loaded product: gallery beside the details, then description, changelog, reviews, related. */
export function ProductView({ product }: { product: ProductPage }) {
  const signedIn = useAppSelector(selectUser) !== null;
  const mineQuery = productApi.useProductMineQuery(product.id, { skip: !signedIn });
  const mine = signedIn ? resourceOf(mineQuery, 'Failed to load your purchase') : null;
  // A buyer's page differs from the top (the download box, the review form): drawing it before
  // the viewer's part is known would push the rest down once it is (a shift of 0.18 at 1280 px).
  if (mine?.status === 'loading') return <ProductPageSkeleton />;

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
      <BundleItems items={product.bundle_items} />
      <Changelog entries={product.changelog} />
      <ProductReviews product={product} mine={mine} />
      <RelatedProducts productId={product.id} />
    </article>
  );
}
