import assert from 'node:assert/strict';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { registeredRoutes } from '../helpers/app.ts';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  /** `METHOD /url`, the key the suites' tables use. */
  key: string;
}

/**
 * Every route the app serves, as Fastify's `onRoute` hook saw it added (recorded by
 * `startApp`), so a route added later shows up here (and in the suites' "every route is
 * covered" checks) by itself. HEAD (Fastify's automatic twin of each GET) and the app-wide
 * OPTIONS preflight are left out; each entry is confirmed with `hasRoute`.
 */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const seen = new Set<string>();
  for (const route of registeredRoutes(app)) {
    for (const method of [route.method].flat() as HTTPMethods[]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // With ignoreTrailingSlash a prefix's own `/` route is the prefix itself.
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      const key = `${method} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      assert.ok(app.hasRoute({ method, url }), `recorded route ${key} is not registered`);
      routes.push({ method, url, key });
    }
  }
  assert.ok(routes.length >= 30, `only ${routes.length} routes recorded`);
  assert.ok(routes.some((route) => route.key === 'GET /api/health'));
  return routes;
}
