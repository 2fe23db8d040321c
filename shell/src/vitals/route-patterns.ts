import type { StoreRoute } from '@store/contract';

/**
 * The shell's route table as patterns (app/app-routes.tsx), in the words a beacon may use:
 * the api accepts exactly these (`STORE_ROUTES` of the contract), and a test holds the three
 * lists to one another. A copy, not an import: the contract's list is a value, and a value
 * import would bundle zod into the shell. Typed by the contract's, so a drift fails the type
 * check as well.
 */
export const ROUTE_PATTERNS = [
  '/',
  '/category/:category',
  '/search',
  '/product/:slug',
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
] as const satisfies readonly StoreRoute[];

/** What the router's catch-all renders: the not-found page. */
export const NOT_FOUND_PATTERN = '*' satisfies StoreRoute;

export type RoutePattern = (typeof ROUTE_PATTERNS)[number] | typeof NOT_FOUND_PATTERN;

// The other way round: a pattern the api accepts and this list lacks is named in the error.
const _unlisted: [Exclude<StoreRoute, RoutePattern>] extends [never]
  ? 'none'
  : Exclude<StoreRoute, RoutePattern> = 'none';

// The router matches decoded segments (`/c%61rt` is the cart); a malformed escape stays as sent.
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matches(pattern: string, segments: string[]): boolean {
  const wanted = pattern.split('/').slice(1).filter(Boolean);
  return (
    wanted.length === segments.length &&
    wanted.every((segment, index) => {
      const part = segments[index]!;
      return segment.startsWith(':') ? part !== '' : segment.toLowerCase() === part.toLowerCase();
    })
  );
}

/**
 * The pattern the router renders for a path, so a beacon never carries a category name, an id
 * or a mailed token. React Router's rules for these patterns (a test compares the two):
 * decoded static segments in any case, `:param` any non-empty segment, trailing slashes allowed.
 */
export function routePatternOf(pathname: string): RoutePattern {
  if (!pathname.startsWith('/')) return NOT_FOUND_PATTERN;
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1).map(decoded);
  return ROUTE_PATTERNS.find((pattern) => matches(pattern, segments)) ?? NOT_FOUND_PATTERN;
}
