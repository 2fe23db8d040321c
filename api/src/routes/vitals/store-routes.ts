/**
 * The store's page patterns: the shell's route table (shell/src/app/app-routes.tsx) and `*`
 * for a page none of them matches. Beacons name the pattern, never the path, so ids and mailed
 * tokens never reach the api and the metrics' `route` label stays this short list. No imports:
 * the shell's unit test reads this very list to keep the two from drifting.
 */
export const STORE_ROUTES = [
  '/',
  '/category/:category',
  '/search',
  '/cart',
  '/purchase-success',
  '/purchase-cancel',
  '/orders',
  '/profile',
  '/secret-dashboard',
  '/signup',
  '/login',
  '/forgot-password',
  '/verify-email/:token',
  '/reset-password/:token',
  '/about',
  '/privacy',
  '/terms',
  '/faq',
  '/support',
  '*',
] as const;

export type StoreRoute = (typeof STORE_ROUTES)[number];
