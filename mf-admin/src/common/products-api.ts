import type {
  AdminProductsQuery,
  BuyersAnswer,
  NewProduct,
  Product,
  ProductChange,
  ProductsPage,
} from '@store/contract';
import {
  apiClient,
  cursorPages,
  storeApi,
  type AppDispatch,
  type ListPage,
  type PageParam,
} from '@store/shared';

/** What the admin's table asks for; every change starts again from the first page. */
export type ProductsQuery = Required<Omit<AdminProductsQuery, 'cursor'>>;

const path = (id: string) => `/products/${encodeURIComponent(id)}`;

/** Upload progress in whole percents for a form's progress bar. */
function uploadProgress(onProgress: (percent: number) => void) {
  return {
    // Down, not to the nearest: 100 means every byte is sent (the form then says it saves).
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      if (event.total) onProgress(Math.floor((event.loaded * 100) / event.total));
    },
  };
}

/** The saves with a progress bar; everything else goes through `adminProductsApi`. */
export const productsApi = {
  create: (product: NewProduct, onProgress: (percent: number) => void) =>
    apiClient.post<Product>('/products', product, uploadProgress(onProgress)).then((r) => r.data),
  /** A preview or file left out keeps the current one. */
  update: (id: string, change: ProductChange, onProgress: (percent: number) => void) =>
    apiClient.put<Product>(path(id), change, uploadProgress(onProgress)).then((r) => r.data),
};

export const BUYERS_FAILED = 'Could not count the buyers';

export const buyersApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** How many buyers an update mail about a new file would reach. */
    buyers: build.query<number, string>({
      query: (id) => `${path(id)}/buyers`,
      transformResponse: (answer: BuyersAnswer) => answer.buyers,
      providesTags: ['Buyers'],
      // Counted afresh each time the dialog opens.
      keepUnusedDataFor: 0,
      // Said in place, beside the checkbox, rather than toasted over the dialog.
      extraOptions: { failure: BUYERS_FAILED, toast: false },
    }),
  }),
});

export const adminProductsApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The whole catalog one page at a time: Next and Previous turn the one page kept. */
    adminProducts: build.infiniteQuery<ListPage<Product>, ProductsQuery, PageParam>({
      ...cursorPages<Product>(1),
      query: ({ queryArg: { q, sort, limit }, pageParam }) => ({
        url: '/products',
        // Absent rather than empty: an empty q or cursor is not a search or a page.
        params: {
          q: q || undefined,
          sort,
          limit,
          cursor: pageParam.cursor ?? undefined,
        } satisfies AdminProductsQuery,
      }),
      transformResponse: (page: ProductsPage) => ({
        items: page.products,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['AdminProducts'],
      extraOptions: { failure: 'Failed to fetch products' },
    }),
    toggleFeatured: build.mutation<Product, string>({
      query: (id) => ({ url: path(id), method: 'patch' }),
      invalidatesTags: (_saved, failed) => (failed ? [] : ['Product']),
      extraOptions: { failure: 'Failed to update product' },
    }),
    /**
     * A product by id, through the list (its `q` takes an id): null when it is no longer in the
     * catalog. A picker's chip says a failure in place.
     */
    productById: build.query<Product | null, string>({
      query: (id) => ({
        url: '/products',
        params: { q: id, sort: 'newest', limit: '1' } satisfies AdminProductsQuery,
      }),
      transformResponse: (page: ProductsPage) => page.products[0] ?? null,
      extraOptions: { failure: 'Failed to fetch products', toast: false },
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => ({ url: path(id), method: 'delete' }),
      // The page shown reloads without hiding, so it stays full.
      invalidatesTags: (_done, failed) => (failed ? [] : ['Product', 'AdminProducts']),
      extraOptions: { failure: 'Failed to delete product' },
    }),
  }),
});

/** After a product is created: the table's pages reload. */
export const adminProductsChanged = () => adminProductsApi.util.invalidateTags(['AdminProducts']);

/** Changes the rows of the page shown in place; the next page load places them again. */
function changeShownRows(
  dispatch: AppDispatch,
  query: ProductsQuery,
  change: (rows: Product[]) => Product[],
) {
  dispatch(
    adminProductsApi.util.updateQueryData('adminProducts', query, (shown) => {
      for (const page of shown.pages) page.items = change(page.items);
    }),
  );
}

/** Shows a saved product in its row, even if it no longer matches the search or sort. */
export const showSavedProduct = (dispatch: AppDispatch, query: ProductsQuery, saved: Product) =>
  changeShownRows(dispatch, query, (rows) =>
    rows.map((row) => (row.id === saved.id ? saved : row)),
  );

/** Shows a product's featured flag as the api answered it. */
export const showFeatured = (
  dispatch: AppDispatch,
  query: ProductsQuery,
  { id, is_featured }: Product,
) =>
  changeShownRows(dispatch, query, (rows) =>
    rows.map((row) => (row.id === id ? { ...row, is_featured } : row)),
  );

/** Takes a deleted product's row off the page shown at once. */
export const showDeleted = (dispatch: AppDispatch, query: ProductsQuery, id: string) =>
  changeShownRows(dispatch, query, (rows) => rows.filter((row) => row.id !== id));
