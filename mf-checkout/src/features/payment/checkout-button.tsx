import type { CheckoutPayload, CheckoutSession } from '@store/contract';
import {
  apiClient,
  errorMessage,
  notify,
  primitives,
  selectCartItems,
  stripePublishableKey,
  useAppSelector,
} from '@store/shared';
import { useState } from 'react';
import type { EmbeddedPayment } from './mount-embedded-checkout';

interface CheckoutButtonProps {
  /** The cart page mounts Stripe's embedded Checkout with it. */
  onEmbeddedCheckout: (payment: EmbeddedPayment) => void;
  /** The code of the quote on screen, so checkout charges what the summary says. */
  couponCode: string | null;
  /** Until the quote on screen is this cart's, there is nothing to pay. */
  disabled?: boolean;
  /** Points at the reason the summary gives while checkout cannot start. */
  describedBy?: string;
}

/**
 * Creates the provider session, then leaves for its hosted page or hands Stripe's embedded
 * Checkout to the cart page; one click, one session.
 */
export function CheckoutButton({
  onEmbeddedCheckout,
  couponCode,
  disabled = false,
  describedBy,
}: CheckoutButtonProps) {
  const items = useAppSelector(selectCartItems);
  const [redirecting, setRedirecting] = useState(false);

  async function checkout() {
    if (redirecting) return;
    setRedirecting(true);
    try {
      const { data } = await apiClient.post<CheckoutSession>('/payments/create-checkout-session', {
        products: items.map((item) => ({ _id: item._id, quantity: item.quantity })),
        couponCode,
      } satisfies CheckoutPayload);
      // A hosted page to leave for (the local provider), or Stripe's embedded Checkout's secret.
      if (!('clientSecret' in data)) return window.location.assign(data.url);
      const publishableKey = stripePublishableKey();
      if (!publishableKey) {
        throw new Error(
          'The api answered a Stripe embedded session, but the runtime config has no ' +
            'stripePublishableKey (STRIPE_PUBLISHABLE_KEY of the shell)',
        );
      }
      onEmbeddedCheckout({ publishableKey, clientSecret: data.clientSecret });
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
      disabled={redirecting || disabled || items.length === 0}
      aria-describedby={describedBy}
    >
      {redirecting ? 'Redirecting to checkout...' : 'Proceed to Checkout'}
    </button>
  );
}
