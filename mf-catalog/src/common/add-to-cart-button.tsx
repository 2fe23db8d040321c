import { addToCart, useAppDispatch } from '@store/shared';
import { useState } from 'react';

interface AddToCartButtonProps {
  productId: string;
  className?: string;
}

/**
 * Adds one of the product to the signed-in shopper's cart (a visitor is told to log in), busy
 * until the cart answers; a failure was toasted by the cart's call.
 */
export function AddToCartButton({ productId, className }: AddToCartButtonProps) {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);

  async function add() {
    setAdding(true);
    await dispatch(addToCart({ productId }));
    setAdding(false);
  }

  return (
    <button type="button" className={className} onClick={add} disabled={adding}>
      {adding ? 'Adding...' : 'Add to Cart'}
    </button>
  );
}
