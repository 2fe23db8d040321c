import type { Product } from '@store/contract';
import { LoadMore, type PagedList } from '@store/shared';
import { useMemo } from 'react';
import { FIRST_ROW, ProductGrid } from './product-grid';
import { ShowPrevious } from './show-previous';

/**
 * The pages to keep on screen at once: 5 pages of 24 cards. Past them the first page goes when
 * a new one arrives, so a long browse never grows the page (and its images) without limit.
 */
export const PAGES_KEPT = 5;

/**
 * A reloaded page can repeat a card of the next one when a product was deleted in between;
 * React needs unique keys, and the shopper needs no card twice.
 */
function uniqueById(products: Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((product) => !seen.has(product.id) && seen.add(product.id));
}

/** A loaded, non-empty paged product list: "Show previous products", the grid and Load more. */
export function PagedProducts({ list }: { list: PagedList<Product> }) {
  const products = useMemo(() => uniqueById(list.items), [list.items]);
  return (
    <>
      {list.hasPrevious && (
        <ShowPrevious loading={list.loadingPrevious} onShowPrevious={list.loadPrevious} />
      )}
      <ProductGrid
        products={products}
        headingLevel={2}
        priorityCount={list.offset === 0 ? FIRST_ROW : 0}
      />
      <LoadMore
        shown={products.length}
        offset={list.offset}
        noun="products"
        singular="product"
        hasMore={list.hasMore}
        loading={list.loadingMore}
        onLoadMore={list.loadMore}
      />
    </>
  );
}
