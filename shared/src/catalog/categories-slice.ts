import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type {
  CategoriesAnswer,
  Category,
  CategoryStatistics,
  StatisticsAnswer,
} from '@store/contract';
import { apiClient } from '../api/client';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';

export interface CategoriesState {
  items: Category[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  error: string | null;
}

const initialState: CategoriesState = { items: [], status: 'idle', error: null };

export const fetchCategories = createAsyncThunk<
  Category[],
  void,
  { rejectValue: string; state: { categories: CategoriesState } }
>(
  'categories/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const { data } = await apiClient.get<CategoriesAnswer>('/dropdown/categories');
      // An answer without `data` is an empty category list.
      return data.data ?? [];
    } catch (error) {
      console.error('Failed to fetch categories', error);
      const message = errorMessage(error, 'Failed to fetch categories');
      notify.error(message);
      return rejectWithValue(message);
    }
  },
  // The footer and the home page's cards both ask when they mount, often in the same commit;
  // the second ask would send a second request and render both again with an identical list.
  { condition: (_, { getState }) => getState().categories.status !== 'loading' },
);

export const fetchCategoryStatistics = createAsyncThunk<
  CategoryStatistics[],
  void,
  { rejectValue: string }
>('categories/fetchStatistics', async (_, { rejectWithValue }) => {
  try {
    const { data } = await apiClient.get<StatisticsAnswer>('/dropdown/categories/statistics');
    // An answer without `data` is an empty category list.
    return data.data ?? [];
  } catch {
    notify.error('Failed to fetch category statistics');
    return rejectWithValue('Failed to fetch category statistics');
  }
});

const categoriesSlice = createSlice({
  name: 'categories',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    for (const thunk of [fetchCategories, fetchCategoryStatistics]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.status = 'loading';
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.status = 'loaded';
          state.items = action.payload;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.status = 'failed';
          state.items = [];
          state.error = action.payload ?? 'Failed to fetch categories';
        });
    }
  },
  selectors: {
    selectCategories: (state) => state.items,
    selectCategoriesStatus: (state) => state.status,
    selectCategoriesError: (state) => state.error,
  },
});

export const { selectCategories, selectCategoriesStatus, selectCategoriesError } =
  categoriesSlice.selectors;
export { categoriesSlice };
