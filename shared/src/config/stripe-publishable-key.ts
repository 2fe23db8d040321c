// Module state of the shared singleton, like the api client's base URL: the shell sets it from
// its runtime config at start, and the checkout remote reads it when a payment needs Stripe.
let publishableKey: string | null = null;

export function setStripePublishableKey(key: string | undefined): void {
  // The runtime config is public; a secret key there is a deployment mistake not to build on.
  if (key && !key.startsWith('pk_')) {
    console.error('Ignoring stripePublishableKey: it is not a publishable key (pk_...)');
    publishableKey = null;
    return;
  }
  publishableKey = key || null;
}

/** null: the store takes no payments through Stripe.js (the local provider's hosted page). */
export function stripePublishableKey(): string | null {
  return publishableKey;
}
