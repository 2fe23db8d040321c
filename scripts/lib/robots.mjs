// The store's `/robots.txt`: every public page may be crawled; a shopper's or the admin's pages,
// the sign-in forms and the mailed links' pages may not (shell/src/app/app-routes.tsx's guarded
// and token routes), and the sitemap is named.

/**
 * Path prefixes crawlers are asked to leave alone. `/admin`, `/account` and `/checkout` are no
 * route today but the names such pages take: asked now, they are never crawled when they come.
 */
export const DISALLOWED_PATHS = [
  '/admin',
  '/account',
  '/cart',
  '/checkout',
  '/orders',
  '/profile',
  '/purchase-success',
  '/purchase-cancel',
  '/secret-dashboard',
  '/login',
  '/signup',
  '/forgot-password',
  '/verify-email/',
  '/reset-password/',
];

/**
 * @param {string} origin the store's public origin
 */
export function robotsTxt(origin) {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
