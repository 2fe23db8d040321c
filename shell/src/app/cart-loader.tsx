import { cartCleared, fetchCart, selectUser, useAppDispatch, useAppSelector } from '@store/shared';
import { useEffect } from 'react';

/** Once a user is known the cart is loaded; signing out forgets it. */
export function CartLoader() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.id;

  useEffect(() => {
    if (userId) void dispatch(fetchCart());
    else dispatch(cartCleared());
  }, [dispatch, userId]);

  return null;
}
