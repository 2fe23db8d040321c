/**
 * The shell's runtime config (its runtime-config.json), as the servers read it.
 * @typedef {object} RuntimeConfig
 * @property {string} [apiBaseUrl] where the browser reaches the api (`/api`, or another origin)
 * @property {Record<string, string>} [remotes] each remote's `mf-manifest.json` address, by key
 * @property {string} [stripePublishableKey] Stripe mode's publishable key
 * @property {boolean} [paymentsSimulated] the api's local payment provider
 */

/** Headers every file the static servers answer carries. */
export const STATIC_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** @param {string | undefined} url */
function originOf(url) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null; // relative (same origin) or unusable: nothing to allow
  }
}

/**
 * The origins the shell's documents may load code and data from besides their own.
 * @param {RuntimeConfig | null | undefined} runtimeConfig
 * @returns {string[]}
 */
export function allowedOrigins(runtimeConfig) {
  const urls = [runtimeConfig?.apiBaseUrl, ...Object.values(runtimeConfig?.remotes ?? {})];
  return [...new Set(urls.map(originOf).filter((origin) => origin !== null))];
}

/**
 * What Stripe's embedded Checkout needs on the page: Stripe.js, its frames (the form, and 3-D
 * Secure challenges) and its APIs. Allowed only when the store takes payments with Stripe.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://checkout.stripe.com',
    'https://hooks.stripe.com',
  ],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
};

/**
 * Stripe mode: the runtime config hands Stripe.js a publishable key.
 * @param {RuntimeConfig | null | undefined} runtimeConfig
 */
export function usesStripe(runtimeConfig) {
  return Boolean(runtimeConfig?.stripePublishableKey);
}

/**
 * The store's pages run scripts, styles, images and calls from their origin and the remotes';
 * with `stripe`, also Stripe's embedded Checkout.
 * @param {string[]} [origins] the remotes' and the api's (see `allowedOrigins`)
 * @param {{ stripe?: boolean }} [options]
 */
export function contentSecurityPolicy(origins = [], { stripe = false } = {}) {
  /** @param {string[]} sources */
  const plus = (...sources) => [...sources, ...origins].join(' ');
  /** @param {keyof typeof STRIPE_SOURCES} kind */
  const ofStripe = (kind) => (stripe ? STRIPE_SOURCES[kind] : []);
  return [
    "default-src 'self'",
    `script-src ${plus("'self'", ...ofStripe('script'))}`,
    `connect-src ${plus("'self'", ...ofStripe('connect'))}`,
    ...(stripe ? [`frame-src 'self' ${ofStripe('frame').join(' ')}`] : []),
    `img-src ${plus("'self'", 'data:', 'blob:')}`,
    // Stylesheets come from the shell and the remotes; the development builds' style-loader
    // injects <style> elements, and recharts and the confetti canvas set style attributes.
    `style-src ${plus("'self'", "'unsafe-inline'")}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
