import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { selectUser } from '../auth/auth-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { cartApi } from './cart-api';
import { cartCleared } from './cart-slice';

/**
 * Keeps the signed-in user's cart loaded (asked afresh at each sign-in), for the shell and for a
 * remote run alone; signing out forgets the coupon, and the cart with its user.
 */
export function useCartLoader(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.id;
  cartApi.useCartQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (!userId) dispatch(cartCleared());
  }, [dispatch, userId]);
}
