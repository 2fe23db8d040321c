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

/** The store's pages run scripts, styles, images and calls from their origin and the remotes'. */
export function contentSecurityPolicy(origins = []) {
  const plus = (...sources) => [...sources, ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${plus("'self'")}`,
    `connect-src ${plus("'self'")}`,
    `img-src ${plus("'self'", 'data:', 'blob:')}`,
    // style-loader injects <style> elements; recharts and the confetti canvas set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
