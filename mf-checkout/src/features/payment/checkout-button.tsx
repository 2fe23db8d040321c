import {
  apiClient,
  errorMessage,
  notify,
  primitives,
  selectCartItems,
  selectCoupon,
  useAppSelector,
} from '@store/shared';
import { useState } from 'react';

interface CheckoutSession {
  id: string;
  url: string;
  totalAmount: number;
}

/** Creates the provider session and leaves for its hosted page; one click, one session. */
export function CheckoutButton() {
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectCoupon);
  const [redirecting, setRedirecting] = useState(false);

  async function checkout() {
    if (redirecting) return;
    setRedirecting(true);
    try {
      const { data } = await apiClient.post<CheckoutSession>('/payments/create-checkout-session', {
        products: items.map((item) => ({ _id: item._id, quantity: item.quantity })),
        couponCode: coupon?.code ?? null,
      });
      window.location.assign(data.url);
    } catch (error) {
      console.error('Checkout redirect failed', error);
      notify.error(errorMessage(error, 'Could not start the checkout. Please try again.'));
      setRedirecting(false);
    }
  }

  return (
    <button
      type="button"
      className={primitives.button}
      onClick={checkout}
      disabled={redirecting || items.length === 0}
    >
      {redirecting ? 'Redirecting to checkout...' : 'Proceed to Checkout'}
    </button>
  );
}
