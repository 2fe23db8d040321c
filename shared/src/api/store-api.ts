import type {
  CategoriesAnswer,
  Category,
  DropdownsAnswer,
  Product,
  ProductPage,
} from '@store/contract';
import {
  CATEGORIES_PATH,
  FEATURED_PRODUCTS_PATH,
  productBySlugPath,
} from '@store/contract/page-reads';
import { createApi } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './axios-base-query';

/**
 * The one server-state cache of the store, a singleton with `@store/shared` like the Redux store
 * it lives in. What several apps read is defined here; each remote adds the endpoints it owns
 * with `storeApi.injectEndpoints`. A tag names what a change elsewhere (a refund, a purchase, an
 * edit) makes stale.
 */
export const storeApi = createApi({
  reducerPath: 'storeApi',
  baseQuery: axiosBaseQuery,
  // `AdminProducts`: the admin's table, patched in place by its own edits, not by the catalog's.
  tagTypes: [
    'Categories',
    'Product',
    'AdminProducts',
    'Order',
    'Purchased',
    'Analytics',
    'Buyers',
    'Dropdowns',
    // A product page (by product id): the page, what of it is the viewer's, and its reviews.
    'ProductPage',
    'ProductMine',
    'Reviews',
  ],
  endpoints: (build) => ({
    /** The footer's list and the home page's cards (`useCategories`): drawn by the server on `/`. */
    categories: build.query<Category[], void>({
      query: () => CATEGORIES_PATH,
      // An answer without `data` is an empty category list.
      transformResponse: (answer: CategoriesAnswer) => answer.data ?? [],
      providesTags: ['Categories'],
      extraOptions: { failure: 'Failed to fetch categories' },
    }),
    /**
     * A product's page, alike for every viewer; an old slug answers (through a 301) the current
     * one. Here, not in the catalog, because the shell seeds it: drawn by the server for a visitor.
     */
    productBySlug: build.query<ProductPage, string>({
      query: productBySlugPath,
      // `Product`: an admin's edit of the catalog reloads the page too.
      providesTags: (page) => (page ? ['Product', { type: 'ProductPage', id: page.id }] : []),
      // The page says a failure in place (not found, or the reason with Retry).
      extraOptions: { failure: 'Failed to load product', toast: false },
    }),
    featuredProducts: build.query<Product[], void>({
      query: () => FEATURED_PRODUCTS_PATH,
      providesTags: ['Product'],
      extraOptions: { failure: 'Failed to fetch products' },
    }),
    /**
     * The categories and asset types, for the search filters and the admin's product form. The
     * search works without them, so no toast; a screen that needs them says so itself.
     */
    dropdowns: build.query<DropdownsAnswer['data'], void>({
      query: () => '/dropdown/all',
      transformResponse: (answer: DropdownsAnswer) => answer.data,
      providesTags: ['Dropdowns'],
      extraOptions: { failure: 'Failed to fetch categories', toast: false },
    }),
  }),
});

/** After a product is created, edited, featured or deleted: the catalog's lists are stale. */
export const catalogChanged = () => storeApi.util.invalidateTags(['Product']);

/** After a purchase or a refund: the orders, the downloads and the figures are stale. */
export const ordersChanged = () =>
  storeApi.util.invalidateTags(['Order', 'Purchased', 'Analytics']);
