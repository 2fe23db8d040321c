import {
  createAsyncThunk,
  createSlice,
  errorMessage,
  notify,
  rootReducer,
  type PayloadAction,
  type Product,
  type WithSlice,
} from '@store/shared';
import { productsApi } from './products-api';

/** A row's request in flight, so its button can say what it is doing. */
export type RowAction = 'feature' | 'delete';

export interface AdminProductsState {
  items: Product[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  busy: Record<string, RowAction>;
}

const initialState: AdminProductsState = { items: [], status: 'idle', busy: {} };

function failWith(fallback: string) {
  return (error: unknown) => {
    const message = errorMessage(error, fallback);
    notify.error(message);
    return message;
  };
}

type ProductsThunkConfig = { rejectValue: string; state: { adminProducts?: AdminProductsState } };

export const fetchProducts = createAsyncThunk<Product[], void, ProductsThunkConfig>(
  'adminProducts/fetch',
  async (_, { rejectWithValue }) => {
    try {
      return await productsApi.list();
    } catch (error) {
      return rejectWithValue(failWith('Failed to fetch products')(error));
    }
  },
  { condition: (_, { getState }) => getState().adminProducts?.status !== 'loading' },
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
    productAdded(state, action: PayloadAction<Product>) {
      state.items.unshift(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchProducts.fulfilled, (state, action) => {
        state.status = 'loaded';
        state.items = action.payload;
      })
      .addCase(fetchProducts.rejected, (state) => {
        state.status = 'failed';
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
  },
});

declare module '@store/shared' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof productsSlice> {}
}

const injectedProductsSlice = productsSlice.injectInto(rootReducer);

export const { productAdded } = productsSlice.actions;
export const { selectAdminProducts, selectAdminProductsStatus, selectBusyProducts } =
  injectedProductsSlice.selectors;
