import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';

/** What Stripe's embedded Checkout needs: the store's publishable key and the session's secret. */
export interface EmbeddedPayment {
  publishableKey: string;
  clientSecret: string;
}

/**
 * Loads Stripe.js and mounts Stripe's embedded Checkout into `element`. The import is dynamic so
 * that Stripe's loader is a chunk of its own, fetched (with Stripe.js after it) only once a
 * shopper proceeds in Stripe mode: never with the cart or in local mode. Resolves null when
 * `signal` aborts first (the page left, or StrictMode's trial mount): Stripe allows one embedded
 * Checkout at a time, so an abandoned one is not created, or is destroyed at once.
 */
export async function mountEmbeddedCheckout(
  { publishableKey, clientSecret }: EmbeddedPayment,
  element: HTMLElement,
  signal: AbortSignal,
): Promise<StripeEmbeddedCheckout | null> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this environment');
  if (signal.aborted) return null;
  const checkout = await stripe.createEmbeddedCheckoutPage({
    fetchClientSecret: () => Promise.resolve(clientSecret),
  });
  if (signal.aborted) {
    checkout.destroy();
    return null;
  }
  try {
    checkout.mount(element);
  } catch (error) {
    checkout.destroy();
    throw error;
  }
  return checkout;
}
