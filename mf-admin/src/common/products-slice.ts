import {
  createAsyncThunk,
  createSlice,
  errorMessage,
  notify,
  rootReducer,
  type PayloadAction,
  type WithSlice,
} from '@store/shared';
import type { Product, ProductsPage } from '@store/contract';
import { productsApi, type ProductsQuery } from './products-api';

/** A row's request in flight, so its button can say what it is doing. */
export type RowAction = 'feature' | 'delete';

export const PAGE_SIZES = [25, 50, 100] as const;

export const DEFAULT_QUERY: ProductsQuery = { q: '', sort: 'newest', limit: '50' };

export interface AdminProductsState {
  query: ProductsQuery;
  /**
   * The cursor of every page visited, the shown page's last (null for the first page): the
   * api's keyset cursors only lead forward, so Previous goes back to the cursor below.
   */
  cursors: (string | null)[];
  items: Product[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The page load whose answer the table waits for: an older answer is dropped. */
  loadId: string | null;
  busy: Record<string, RowAction>;
}

const initialState: AdminProductsState = {
  query: DEFAULT_QUERY,
  cursors: [null],
  items: [],
  nextCursor: null,
  status: 'idle',
  loadId: null,
  busy: {},
};

function failWith(fallback: string) {
  return (error: unknown) => {
    const message = errorMessage(error, fallback);
    notify.error(message);
    return message;
  };
}

type ProductsThunkConfig = { rejectValue: string; state: { adminProducts?: AdminProductsState } };

interface LoadOptions {
  /** Keeps the shown rows through a failure (a refresh after a change), with the toast only. */
  quiet?: boolean;
}

/** Loads the page the state points at: its query and the last cursor visited. */
export const loadPage = createAsyncThunk<ProductsPage, LoadOptions | void, ProductsThunkConfig>(
  'adminProducts/loadPage',
  async (_, { getState, requestId, rejectWithValue }) => {
    const { query, cursors } = getState().adminProducts ?? initialState;
    try {
      return await productsApi.list(query, cursors.at(-1) ?? null);
    } catch (error) {
      // A load overtaken by a newer one (a keystroke, a page turn) fails unseen.
      if (getState().adminProducts?.loadId !== requestId) return rejectWithValue('');
      return rejectWithValue(failWith('Failed to fetch products')(error));
    }
  },
);

export const toggleFeatured = createAsyncThunk<Product, string, ProductsThunkConfig>(
  'adminProducts/toggleFeatured',
  async (id, { rejectWithValue }) => {
    try {
      return await productsApi.toggleFeatured(id);
    } catch (error) {
      return rejectWithValue(failWith('Failed to update product')(error));
    }
  },
);

export const deleteProduct = createAsyncThunk<string, string, ProductsThunkConfig>(
  'adminProducts/delete',
  async (id, { rejectWithValue }) => {
    try {
      return await productsApi.remove(id);
    } catch (error) {
      return rejectWithValue(failWith('Failed to delete product')(error));
    }
  },
);

function settle(state: AdminProductsState, id: string) {
  delete state.busy[id];
}

export const productsSlice = createSlice({
  name: 'adminProducts',
  initialState,
  reducers: {
    /** A new search, sort or page size: back to the first page (load it next). */
    queryChanged(state, action: PayloadAction<Partial<ProductsQuery>>) {
      state.query = { ...state.query, ...action.payload };
      state.cursors = [null];
    },
    /** Moves the page pointer (load it next); Next needs a next page, Previous a page before. */
    pageTurned(state, action: PayloadAction<'next' | 'previous'>) {
      if (action.payload === 'next' && state.nextCursor !== null) {
        state.cursors.push(state.nextCursor);
      } else if (action.payload === 'previous' && state.cursors.length > 1) {
        state.cursors.pop();
      }
    },
    /**
     * A product was created: the table opens next on the first page of the newest products,
     * where it is, rather than on a search or page it may not be in.
     */
    productAdded(state) {
      state.query = { ...DEFAULT_QUERY, limit: state.query.limit };
      state.cursors = [null];
      state.items = [];
      state.nextCursor = null;
      state.status = 'idle';
      state.loadId = null;
    },
    /**
     * A product was edited: its row shows the saved values where it is, even if they no longer
     * match the search or sort (the next page load places it again).
     */
    productUpdated(state, action: PayloadAction<Product>) {
      const at = state.items.findIndex((product) => product.id === action.payload.id);
      if (at !== -1) state.items[at] = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadPage.pending, (state, { meta }) => {
        state.loadId = meta.requestId;
        if (!meta.arg?.quiet) state.status = 'loading';
      })
      .addCase(loadPage.fulfilled, (state, { meta, payload }) => {
        if (meta.requestId !== state.loadId) return;
        state.loadId = null;
        state.status = 'loaded';
        state.items = payload.products;
        state.nextCursor = payload.nextCursor;
      })
      .addCase(loadPage.rejected, (state, { meta }) => {
        if (meta.requestId !== state.loadId) return;
        state.loadId = null;
        if (!meta.arg?.quiet) state.status = 'failed';
      });
    const rowThunks = [
      [toggleFeatured, 'feature'],
      [deleteProduct, 'delete'],
    ] as const;
    for (const [thunk, action] of rowThunks) {
      builder
        .addCase(thunk.pending, (state, { meta }) => {
          state.busy[meta.arg] = action;
        })
        .addCase(thunk.rejected, (state, { meta }) => settle(state, meta.arg));
    }
    builder
      .addCase(toggleFeatured.fulfilled, (state, action) => {
        const id = action.meta.arg;
        settle(state, id);
        const item = state.items.find((product) => product.id === id);
        if (item) item.is_featured = action.payload.is_featured;
      })
      .addCase(deleteProduct.fulfilled, (state, action) => {
        settle(state, action.payload);
        state.items = state.items.filter((product) => product.id !== action.payload);
      });
  },
  selectors: {
    selectAdminProducts: (state) => state.items,
    selectAdminProductsStatus: (state) => state.status,
    selectBusyProducts: (state) => state.busy,
    selectProductsQuery: (state) => state.query,
    /** 1 for the first page. */
    selectPageNumber: (state) => state.cursors.length,
    selectHasNextPage: (state) => state.nextCursor !== null,
    /** A page load is under way, quiet or not. */
    selectPageLoading: (state) => state.loadId !== null,
  },
});

/**
 * Reloads the shown page without hiding it (after a delete, so the page stays full); a page
 * left empty, its last row gone, steps back to the page before.
 */
export const refreshPage = createAsyncThunk<void, void, ProductsThunkConfig>(
  'adminProducts/refreshPage',
  async (_, { dispatch, getState }) => {
    await dispatch(loadPage({ quiet: true }));
    const state = getState().adminProducts;
    if (state && state.loadId === null && state.items.length === 0 && state.cursors.length > 1) {
      dispatch(productsSlice.actions.pageTurned('previous'));
      await dispatch(loadPage({ quiet: true }));
    }
  },
);

declare module '@store/shared' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof productsSlice> {}
}

const injectedProductsSlice = productsSlice.injectInto(rootReducer);

export const { productAdded, productUpdated, queryChanged, pageTurned } = productsSlice.actions;
export const {
  selectAdminProducts,
  selectAdminProductsStatus,
  selectBusyProducts,
  selectProductsQuery,
  selectPageNumber,
  selectHasNextPage,
  selectPageLoading,
} = injectedProductsSlice.selectors;
