/**
 * `STRIPE_PUBLISHABLE_KEY` as the shell may publish it in its runtime config: a Stripe
 * publishable key, or nothing (local mode). The runtime config is public, so a secret or
 * restricted key is refused rather than served (by `npm start` and by every shell image, which
 * runs scripts/serve-app.mjs).
 */
export function stripePublishableKeyFromEnv(env = process.env) {
  const key = env.STRIPE_PUBLISHABLE_KEY;
  if (!key) return undefined;
  if (/^(sk|rk)_/.test(key)) {
    throw new Error(
      'STRIPE_PUBLISHABLE_KEY holds a secret or restricted key (sk_/rk_), which would be ' +
        "published in the shell's runtime-config.json. Give the shell the publishable key " +
        '(pk_test_... or pk_live_...) and the api the secret one (STRIPE_SECRET_KEY).',
    );
  }
  if (!/^pk_(test|live)_[A-Za-z0-9_]+$/.test(key)) {
    throw new Error(
      'STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key (pk_test_... or pk_live_...)',
    );
  }
  return key;
}
