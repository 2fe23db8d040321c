import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router-dom';
// A value import of the contract, which the apps' code never makes (tests are not bundled).
import { STORE_ROUTES } from '@store/contract';
import { AppRoutes } from '../app/app-routes';
import { NOT_FOUND_PATTERN, ROUTE_PATTERNS, routePatternOf } from './route-patterns';

/** Every `path` of the router's table as the shell renders it, nested layout routes flattened. */
function appRoutePaths(): string[] {
  // <Suspense><Routes>{routes}</Routes></Suspense>: the table is data, no render needed.
  const suspense = AppRoutes() as ReactElement<{ children: ReactNode }>;
  const routes = suspense.props.children as ReactElement<{ children: ReactNode }>;
  expect(isValidElement(routes)).toBe(true);
  const flatten = (objects: RouteObject[]): string[] =>
    objects.flatMap((route) => [
      ...(route.path ? [route.path] : []),
      ...flatten(route.children ?? []),
    ]);
  return flatten(createRoutesFromChildren(routes.props.children));
}

const ALL_PATTERNS = [...ROUTE_PATTERNS, NOT_FOUND_PATTERN];

describe('the patterns a Web Vitals beacon names', () => {
  it("are exactly the shell's route table", () => {
    expect([...appRoutePaths()].sort()).toEqual([...ALL_PATTERNS].sort());
  });

  it('are exactly what the api accepts, so no page of the store is ever refused', () => {
    expect([...STORE_ROUTES].sort()).toEqual([...ALL_PATTERNS].sort());
  });
});

describe('the pattern of a path', () => {
  it('names the pattern, never the path: no slug, id or mailed token leaves the browser', () => {
    expect(routePatternOf('/category/digital-art')).toBe('/category/:category');
    expect(routePatternOf('/verify-email/3f9a-secret-token')).toBe('/verify-email/:token');
    expect(routePatternOf('/reset-password/abc.def')).toBe('/reset-password/:token');
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/secret-dashboard')).toBe('/secret-dashboard');
  });

  it('is * for a page the router does not know', () => {
    for (const path of ['/nowhere', '/category', '/category/a/b', '/orders/123', '', 'cart']) {
      expect(routePatternOf(path)).toBe(NOT_FOUND_PATTERN);
    }
  });

  it('answers as React Router does', () => {
    // The router warns about the malformed escape below; it matches it all the same.
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const table: RouteObject[] = ALL_PATTERNS.map((path) => ({ path }));
    const routerPattern = (pathname: string) =>
      matchRoutes(table, pathname)?.at(-1)?.route.path ?? NOT_FOUND_PATTERN;
    const pathnames = [
      '/',
      '//',
      '/Cart',
      '/cart/',
      '/cart//',
      '/CATEGORY/Digital-Art/',
      '/category/',
      '/category//x',
      '//category/x',
      '/category/a%2Fb',
      '/category/%E0%A4%A',
      '/c%61rt',
      '/search',
      '/search/x',
      '/verify-email/',
      '/verify-email/t',
      '/reset-password/t/extra',
      '/purchase-success',
      '/purchase-successful',
      '/profile/',
      '/faq',
      '/support/me',
      '/nowhere',
      ...ROUTE_PATTERNS,
    ];
    expect(Object.fromEntries(pathnames.map((path) => [path, routePatternOf(path)]))).toEqual(
      Object.fromEntries(pathnames.map((path) => [path, routerPattern(path)])),
    );
  });
});
