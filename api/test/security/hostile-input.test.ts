import assert from 'node:assert/strict';
import { it } from 'node:test';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';
import { APP_ORIGIN, TestClient } from '../helpers/client.ts';
import { SECURITY_ENV, buildFixtures, secondSession } from './fixtures.ts';
import {
  HOSTILE_QUERIES,
  INVALID_JSON,
  MISSING,
  NON_OBJECT_BODIES,
  PROTOTYPE_POLLUTION,
  WRONG_CONTENT_TYPES,
  serialise,
  type Expect,
  type HostileCase,
} from './hostile-cases.ts';
import { buildSpecs, type RouteSpec } from './hostile-routes.ts';
import { uploadBodyLimit } from '../../src/catalog/product-uploads.ts';
import { apiRoutes, type RouteEntry } from './route-table.ts';

/*
 * Every route the app serves (read from Fastify's route table, so a new route fails this test
 * until it gets cases in hostile-routes.ts) receives malformed and hostile input, signed in as
 * the role that reaches its validation (admin, a verified shopper, or nobody for public
 * routes) and, for guarded routes, signed out too. Every answer must be the expected status:
 * a 4xx JSON {message} (413 for size, 415 for type), or the success the contract gives a
 * harmless input (SQL and markup stored as typed, an unknown slug's empty list); never a 5xx.
 * The only non-JSON refusals allowed are the hosted checkout's own 404/410 pages (HTML by
 * design), which must not reflect the request. After each route the api must still serve.
 */

const PREVIEW_LIMIT = 4096;
const ASSET_LIMIT = 8192;
const BODY_LIMIT = 1024 * 1024;
const WEBHOOK_SECRET = 'hostile-input-webhook-secret';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every case of one route: routing, query, body, content type, size, parameters, fields. */
function casesFor(route: RouteEntry, spec: RouteSpec, routes: RouteEntry[]): HostileCase[] {
  // `:name` parameters, and a trailing wildcard as the parameter `*`.
  const url = (params: Record<string, string> = {}) =>
    route.url.replace(
      /:(\w+)|\*$/g,
      (_match, name: string | undefined) =>
        params[name ?? '*'] ?? spec.params?.[name ?? '*'] ?? 'x',
    );
  const baseUrl = url();
  const basePayload = () => (spec.body ? serialise(spec.body()) : undefined);
  const cases: HostileCase[] = [];
  const add = (item: Omit<HostileCase, 'route' | 'method'> & { method?: HostileCase['method'] }) =>
    cases.push({ route: route.key, method: route.method, ...item });

  const registered = new Set(
    routes.filter((other) => other.url === route.url).map((r) => r.method),
  );
  const otherMethod = METHODS.find((method) => !registered.has(method))!;
  add({
    label: `${otherMethod} instead`,
    method: otherMethod,
    url: baseUrl,
    expect: 404,
    beforeAuth: true,
  });
  add({
    label: 'raw ../ appended',
    url: `${baseUrl}/../../../etc/passwd`,
    payload: basePayload(),
    expect: 404,
    beforeAuth: true,
  });
  // No such route, or a parameter route that refuses the decoded "../../../etc/passwd".
  add({
    label: 'encoded ../ appended',
    url: `${baseUrl}/..%2F..%2F..%2Fetc%2Fpasswd`,
    payload: basePayload(),
    expect: 'refused',
    signedOutExpect: 'refused',
  });
  for (const [label, query] of HOSTILE_QUERIES) {
    const expect = spec.queryExpect?.(query) ?? spec.expect;
    add({ label, url: `${baseUrl}?${query}`, payload: basePayload(), expect });
  }

  if (route.method !== 'GET') {
    for (const [label, text] of [...INVALID_JSON, ...PROTOTYPE_POLLUTION]) {
      add({ label: `body: ${label}`, url: baseUrl, payload: text, expect: 400 });
    }
    const accepted = spec.contentTypes ?? [];
    for (const type of WRONG_CONTENT_TYPES.filter((item) => !accepted.includes(item))) {
      add({
        label: `Content-Type ${type}`,
        url: baseUrl,
        payload: basePayload() ?? '{}',
        contentType: type,
        expect: 415,
        beforeAuth: true,
      });
    }
    add({
      label: 'no Content-Type',
      url: baseUrl,
      payload: basePayload() ?? '{}',
      contentType: null,
      expect: 415,
      beforeAuth: true,
    });
    const limit = spec.bodyLimit ?? BODY_LIMIT;
    add({
      label: `a body of ${limit + 1} bytes`,
      url: baseUrl,
      payload: `{"filler":"${'x'.repeat(limit - 12)}"}`,
      expect: 413,
    });
    for (const [label, text] of NON_OBJECT_BODIES) {
      const expect: Expect = spec.ignoresBody
        ? spec.expect
        : label === 'null' && spec.nullBody !== undefined
          ? spec.nullBody
          : 400;
      add({ label: `body: ${label}`, url: baseUrl, payload: text, expect });
    }
  }

  for (const [name, values] of Object.entries(spec.paramCases ?? {})) {
    for (const item of values) {
      add({
        label: `:${name} ${item.label}`,
        url: url({ [name]: item.value }),
        payload: basePayload(),
        expect: item.expect,
        beforeAuth: item.beforeAuth,
        check: item.check,
      });
    }
  }

  for (const [field, values] of Object.entries(spec.fields ?? {})) {
    for (const item of values) {
      const body = spec.body!();
      body[field] = item.value;
      if (item.value === MISSING) delete body[field];
      add({
        label: `${field}: ${item.label.slice(0, 60)}`,
        url: baseUrl,
        payload: serialise(body),
        expect: item.expect,
        check: item.check,
      });
    }
  }

  for (const item of spec.extra ?? []) add(item);
  return cases;
}

/** Forged access cookies: each is refused as a missing session would be. */
function forgedCookieCases(
  route: RouteEntry,
  spec: RouteSpec,
  url: string,
  realToken: string,
): HostileCase[] {
  const [header, payload, signature] = realToken.split('.');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const elevated = part({ ...decodeJwt(realToken), role: 'admin' });
  const forged: Array<[string, string]> = [
    ['garbage', 'garbage'],
    ['role admin, the old signature', `${header}.${elevated}.${signature}`],
    ['unsigned', `${header}.${payload}.`],
    ['alg none', `${part({ ...decodeProtectedHeader(realToken), alg: 'none' })}.${payload}.`],
    ['4000 characters', 'a'.repeat(4000)],
    ['SQL', encodeURIComponent(`' OR '1'='1`)],
  ];
  const body = spec.body ? serialise(spec.body()) : undefined;
  return forged.map(([label, value]) => ({
    route: route.key,
    method: route.method,
    label: `forged access cookie: ${label}`,
    url,
    payload: body,
    headers: { cookie: `accessToken=${value}` },
    signedOutOnly: true,
    expect: 401,
  }));
}

function cookieHeader(client: TestClient, url: string): string | undefined {
  const pairs = [...client.cookies]
    .filter(([, cookie]) => url.startsWith(cookie.path))
    .map(([name, cookie]) => `${name}=${cookie.value}`);
  return pairs.length ? pairs.join('; ') : undefined;
}

async function send(app: FastifyInstance, client: TestClient | null, item: HostileCase) {
  const headers: Record<string, string> = { origin: APP_ORIGIN };
  const cookie = client ? cookieHeader(client, item.url) : undefined;
  if (cookie) headers.cookie = cookie;
  if (item.payload !== undefined) {
    const type = item.contentType === undefined ? 'application/json' : item.contentType;
    if (type !== null) headers['content-type'] = type;
  }
  Object.assign(headers, item.headers);
  const started = performance.now();
  const response = await app.inject({
    method: item.method,
    url: item.url,
    headers,
    ...(item.payload !== undefined ? { payload: item.payload } : {}),
  });
  client?.store(response);
  return { response, ms: performance.now() - started };
}

/** What is wrong with an answer, or null. */
function verdict(response: LightMyRequestResponse, expect: Expect, html: boolean): string | null {
  const status = response.statusCode;
  if (status >= 500) return `${status}: ${response.body.slice(0, 200)}`;
  const fits =
    typeof expect === 'number'
      ? status === expect
      : expect === 'refused'
        ? status >= 400
        : status < 400;
  if (!fits) return `expected ${expect}, got ${status}: ${response.body.slice(0, 200)}`;
  if (status < 400) return null;
  const type = String(response.headers['content-type'] ?? '');
  if (html && type.startsWith('text/html') && (status === 404 || status === 410)) {
    // The hosted checkout's own pages: nothing of the request may come back as markup.
    return /<script>alert|onerror=|onload=/i.test(response.body) ? 'markup reflected' : null;
  }
  if (!type.startsWith('application/json')) return `a ${status} that is not JSON (${type})`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `a ${status} with an unparsable body`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || !message) return `a ${status} without a message`;
  if (/\n\s+at |node_modules|\.ts:\d+/.test(response.body)) return 'a stack trace in the body';
  return null;
}

async function assertServing(suite: Suite, clients: TestClient[], after: string) {
  const health = await suite.app.inject({ method: 'GET', url: '/api/health' });
  assert.equal(health.statusCode, 200, `health after ${after}`);
  for (const client of clients) {
    const profile = await client.get('/api/auth/profile');
    assert.equal(profile.statusCode, 200, `a session read after ${after}: ${profile.body}`);
  }
}

describeEachDatabase(
  'hostile input on every route',
  (suite) => {
    it('answers every hostile case with a JSON 4xx (413 size, 415 type) or the documented success, never a 5xx', async (t) => {
      const fx = await buildFixtures(suite.app, { pendingSessions: 1 });
      const anonymous = new TestClient(suite.app);
      const specs = buildSpecs({
        suite,
        fx,
        anonymous,
        logoutSession: await secondSession(suite.app, fx.a.email),
        refreshSession: await secondSession(suite.app, fx.a.email),
        webhookSecret: WEBHOOK_SECRET,
        uploadBodyLimit: uploadBodyLimit({
          previewMaxBytes: PREVIEW_LIMIT,
          assetMaxBytes: ASSET_LIMIT,
        }),
        previewLimit: PREVIEW_LIMIT,
        assetLimit: ASSET_LIMIT,
      });
      const routes = apiRoutes(suite.app);
      assert.deepEqual(
        routes.filter((route) => !specs[route.key]).map((route) => route.key),
        [],
        'every route needs hostile cases in hostile-routes.ts',
      );

      let requests = 0;
      let cases = 0;
      for (const route of routes) {
        const spec = specs[route.key]!;
        const clientOf =
          spec.client ??
          (spec.role === 'admin' ? fx.admin : spec.role === 'user' ? fx.a.client : anonymous);
        const guarded = spec.role !== 'public';
        const list = casesFor(route, spec, routes);
        if (guarded) {
          const url = route.url.replace(
            /:(\w+)/g,
            (_m, name: string) => spec.params?.[name] ?? 'x',
          );
          // Forged from A's real token: A is no admin, so "role admin" is an elevation.
          list.push(...forgedCookieCases(route, spec, url, fx.a.client.cookie('accessToken')!));
        }
        assert.ok(list.length > 0, `${route.key} has no hostile cases`);
        await t.test(`${route.key}: ${list.length} cases`, async () => {
          const failures: string[] = [];
          for (const item of list) {
            cases += 1;
            const runs: Array<[string, TestClient | null, Expect]> = [];
            if (!item.signedOutOnly) runs.push(['signed in', clientOf, item.expect]);
            if (item.signedOutOnly) runs.push(['signed out', null, item.expect]);
            else if (guarded) {
              runs.push([
                'signed out',
                null,
                item.beforeAuth ? item.expect : (item.signedOutExpect ?? 401),
              ]);
            }
            for (const [who, client, expect] of runs) {
              requests += 1;
              const { response, ms } = await send(suite.app, client, item);
              const problem = verdict(response, expect, spec.html ?? false);
              if (problem) failures.push(`${item.label} (${who}): ${problem}`);
              if (/pg_sleep/.test(`${item.url}${String(item.payload ?? '')}`) && ms > 2500) {
                failures.push(`${item.label} (${who}): took ${Math.round(ms)} ms`);
              }
              if (!problem && who === 'signed in' && item.check) {
                try {
                  await item.check(response, item.payload);
                } catch (error) {
                  failures.push(`${item.label}: ${(error as Error).message}`);
                }
              }
            }
          }
          assert.deepEqual(failures, [], `${route.key}`);
          // Every batch leaves the api serving and the sessions of A and the admin alive.
          await assertServing(suite, [fx.a.client, fx.admin], route.key);
        });
      }
      const summary = `${cases} hostile cases (${requests} requests) over ${routes.length} routes`;
      t.diagnostic(summary);
      console.log(`hostile input [${suite.kind}]: ${summary}`);
      assert.ok(cases >= 300, summary);
    });
  },
  {
    env: {
      ...SECURITY_ENV,
      UPLOAD_PREVIEW_MAX_BYTES: String(PREVIEW_LIMIT),
      UPLOAD_ASSET_MAX_BYTES: String(ASSET_LIMIT),
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      LOCAL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  },
);
