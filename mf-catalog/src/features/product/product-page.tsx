import type { ProductPage as Product } from '@store/contract';
import {
  LoadError,
  productPath,
  resourceOf,
  useAppDispatch,
  useLocation,
  useNavigate,
  useParams,
} from '@store/shared';
import { useEffect } from 'react';
import { productApi } from './product-api';
import { ProductNotFound } from './product-not-found';
import { ProductPageSkeleton } from './product-page-skeleton';
import { ProductView } from './product-view';
import { useDocumentTitle } from './use-document-title';
import styles from './product-page.module.css';

const FAILED = 'Failed to load product';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * An old slug was followed (the api's 301) to the product's current one: the address becomes the
 * current one, in place of the old in the history, and the answer serves it without a new call.
 */
function useCurrentAddress(asked: string, product: Product | null) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (!product || product.slug === asked) return;
    void dispatch(productApi.util.upsertQueryData('productBySlug', product.slug, product));
    navigate({ pathname: productPath(product.slug), search, hash }, { replace: true });
  }, [asked, product, search, hash, dispatch, navigate]);
}

/** `/product/:slug`: the product, its reviews and related products, for every viewer. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const query = productApi.useProductBySlugQuery(slug);
  const page = resourceOf(query, FAILED);
  const notFound = page.status === 'failed' && isNotFound(query.error);
  useCurrentAddress(slug, page.data);
  useDocumentTitle(page.data?.name ?? (notFound ? 'Product not found' : null));

  if (notFound) return <ProductNotFound />;
  if (page.status === 'loading') return <ProductPageSkeleton />;
  if (page.status === 'failed') {
    return (
      <section className={styles.page}>
        <LoadError message={page.error} onRetry={page.retry} />
      </section>
    );
  }
  return <ProductView key={page.data.id} product={page.data} />;
}
