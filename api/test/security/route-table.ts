import assert from 'node:assert/strict';
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  /** `METHOD /url`, the key the suites' tables use. */
  key: string;
}

const ENTRY = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app serves, read from Fastify's own route table at run time, so a route
 * added later shows up here (and in the suites' "every route is covered" checks) by itself.
 * HEAD (Fastify's automatic twin of each GET) and the app-wide OPTIONS preflight are left
 * out; each parsed entry is confirmed with `hasRoute`, so a change in the print format fails
 * loudly instead of silently listing nothing.
 */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const path: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    const match = ENTRY.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    path.length = depth;
    path.push(match[2]!);
    if (!match[3]) continue;
    const url = path.join('');
    for (const method of match[3].split(', ') as HTTPMethods[]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      assert.ok(app.hasRoute({ method, url }), `parsed route ${method} ${url} is not registered`);
      routes.push({ method, url, key: `${method} ${url}` });
    }
  }
  assert.ok(routes.length >= 30, `only ${routes.length} routes parsed from printRoutes`);
  assert.ok(routes.some((route) => route.key === 'GET /api/health'));
  return routes;
}
