import {
  createSlice,
  FIRST_PAGE,
  rootReducer,
  type PageParam,
  type PayloadAction,
  type WithSlice,
} from '@store/shared';
import type { ProductsQuery } from './products-api';

export const PAGE_SIZES = [25, 50, 100] as const;

export const DEFAULT_QUERY: ProductsQuery = { q: '', sort: 'newest', limit: '50' };

/**
 * What the products tab shows: its search, sort and page size, and the page it is on. Kept in
 * the store, so reopening the tab brings back the page it was left on with the same search.
 */
export interface ProductsView {
  query: ProductsQuery;
  page: PageParam;
}

const initialState: ProductsView = { query: DEFAULT_QUERY, page: FIRST_PAGE };

export const productsViewSlice = createSlice({
  name: 'adminProductsView',
  initialState,
  reducers: {
    /** A new search, sort or page size: back to the first page. */
    queryChanged(state, action: PayloadAction<Partial<ProductsQuery>>) {
      state.query = { ...state.query, ...action.payload };
      state.page = FIRST_PAGE;
    },
    pageShown(state, action: PayloadAction<PageParam>) {
      state.page = action.payload;
    },
    /**
     * A product was created: the table opens next on the first page of the newest products,
     * where it is, rather than on a search or page it may not be in.
     */
    productAdded(state) {
      state.query = { ...DEFAULT_QUERY, limit: state.query.limit };
      state.page = FIRST_PAGE;
    },
  },
  selectors: {
    selectProductsView: (state) => state,
  },
});

declare module '@store/shared' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof productsViewSlice> {}
}

const injected = productsViewSlice.injectInto(rootReducer);

export const { queryChanged, pageShown, productAdded } = productsViewSlice.actions;
export const { selectProductsView } = injected.selectors;
