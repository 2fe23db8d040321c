import { createAsyncThunk } from '@reduxjs/toolkit';
import type { CartItem } from '@store/contract';
import { apiClient } from '../api/client';
import { errorMessage } from '../api/error-message';
import type { AuthState } from '../auth/auth-slice';
import { notify } from '../ui/notify';

type ThunkConfig = { state: { auth: AuthState }; rejectValue: string };

export const fetchCart = createAsyncThunk<CartItem[], void, ThunkConfig>(
  'cart/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const { data } = await apiClient.get<CartItem[]>('/cart');
      return data;
    } catch (error) {
      const message = errorMessage(error, 'Failed to load cart items');
      notify.error(message);
      return rejectWithValue(message);
    }
  },
);

export const addToCart = createAsyncThunk<CartItem[], { productId: string }, ThunkConfig>(
  'cart/add',
  async ({ productId }, { getState, rejectWithValue }) => {
    if (!getState().auth.user) {
      notify.error('Please login to add products to cart');
      return rejectWithValue('Please login to add products to cart');
    }
    try {
      const { data } = await apiClient.post<CartItem[]>('/cart', { productId });
      notify.success('Product added to cart');
      return data;
    } catch (error) {
      const message = errorMessage(error, 'An error occurred');
      notify.error(message);
      return rejectWithValue(message);
    }
  },
);

export const removeFromCart = createAsyncThunk<CartItem[], { productId: string }, ThunkConfig>(
  'cart/remove',
  async ({ productId }, { rejectWithValue }) => {
    try {
      const { data } = await apiClient.delete<CartItem[]>('/cart', { data: { productId } });
      return data;
    } catch (error) {
      const message = errorMessage(error, 'Failed to remove item');
      notify.error(message);
      return rejectWithValue(message);
    }
  },
);

export const updateQuantity = createAsyncThunk<
  CartItem[],
  { productId: string; quantity: number },
  ThunkConfig
>('cart/updateQuantity', async ({ productId, quantity }, { rejectWithValue }) => {
  try {
    const { data } = await apiClient.put<CartItem[]>(`/cart/${encodeURIComponent(productId)}`, {
      quantity,
    });
    return data;
  } catch (error) {
    const message = errorMessage(error, 'Failed to update quantity');
    notify.error(message);
    return rejectWithValue(message);
  }
});
