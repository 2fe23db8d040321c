/** Headers every file the static servers answer carries. */
export const STATIC_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null; // relative (same origin) or unusable: nothing to allow
  }
}

/** The origins the shell's documents may load code and data from besides their own. */
export function allowedOrigins(runtimeConfig) {
  const urls = [runtimeConfig?.apiBaseUrl, ...Object.values(runtimeConfig?.remotes ?? {})];
  return [...new Set(urls.map(originOf).filter(Boolean))];
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

/** Stripe mode: the runtime config hands Stripe.js a publishable key. */
export function usesStripe(runtimeConfig) {
  return Boolean(runtimeConfig?.stripePublishableKey);
}

/**
 * The store's pages run scripts, styles, images and calls from their origin and the remotes';
 * with `stripe`, also Stripe's embedded Checkout.
 */
export function contentSecurityPolicy(origins = [], { stripe = false } = {}) {
  const plus = (...sources) => [...sources, ...origins].join(' ');
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
