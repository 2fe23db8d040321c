import {
  LoadError,
  selectCategories,
  useAppSelector,
  useParams,
  usePagedList,
  useSearchParams,
} from '@store/shared';
import { CATALOG_SORTS, catalogSortOf, DEFAULT_CATALOG_SORT } from '../../common/catalog-sort';
import { PagedProducts } from '../../common/paged-products';
import { productsApi } from '../../common/products-api';
import { FIRST_ROW } from '../../common/product-grid';
import { ProductGridSkeleton } from '../../common/product-grid-skeleton';
import { SortSelect } from '../../common/sort-select';
import styles from './category-page.module.css';

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function CategoryPage() {
  const { category = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = catalogSortOf(searchParams.get('sort'));
  // Read, not asked for: the footer keeps the list loaded; the title has fallbacks meanwhile.
  const categories = useAppSelector(selectCategories);
  const list = usePagedList(
    productsApi.useCategoryProductsInfiniteQuery({ slug: category, sort }),
    'Failed to fetch products',
  );
  const title =
    categories.find((candidate) => candidate.name === category)?.display_name ||
    list.items[0]?.category_display_name ||
    capitalise(category);

  function sortBy(next: string) {
    // A chosen order is a step of its own in the history, so Back returns to the previous one.
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === DEFAULT_CATALOG_SORT) params.delete('sort');
      else params.set('sort', next);
      return params;
    });
  }

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        <h1>{title}</h1>
        <SortSelect value={sort} options={CATALOG_SORTS} onChange={sortBy} />
      </div>
      {list.status === 'loading' && (
        <ProductGridSkeleton label="Loading products..." count={FIRST_ROW} />
      )}
      {list.status === 'failed' && (
        <LoadError message={list.error ?? 'Failed to fetch products'} onRetry={list.retry} />
      )}
      {list.status === 'loaded' &&
        (list.items.length === 0 ? (
          <p className={styles.empty}>No products found</p>
        ) : (
          <PagedProducts list={list} />
        ))}
    </section>
  );
}
