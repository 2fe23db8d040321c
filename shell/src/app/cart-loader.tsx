import { useCartLoader } from '@store/shared';

/** Once a user is known the cart is loaded; signing out forgets it. */
export function CartLoader() {
  useCartLoader();
  return null;
}
