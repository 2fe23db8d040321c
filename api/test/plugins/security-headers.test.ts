import assert from 'node:assert/strict';
import { it } from 'node:test';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { helmetOptions } from '../../src/plugins/security.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { APP_ORIGIN } from '../helpers/client.ts';

/** What @fastify/helmet itself sends with our options, registered the usual way. */
async function helmetsOwnHeaders(options: ReturnType<typeof helmetOptions>) {
  const reference = Fastify();
  await reference.register(helmet, options);
  reference.get('/', async () => 'ok');
  const response = await reference.inject('/');
  await reference.close();
  const ignored = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !ignored.has(name)),
  );
}

describeEachDatabase('security headers, request ids and CORS on every answer', (suite) => {
  const expectHeaders = (
    headers: Record<string, unknown>,
    expected: Record<string, unknown>,
    what: string,
  ) => {
    for (const [name, value] of Object.entries(expected)) {
      assert.equal(headers[name], value, `${what}: ${name}`);
    }
    assert.match(String(headers['x-request-id']), /^[0-9a-f-]{36}$/, `${what}: x-request-id`);
  };

  it("sends exactly helmet's headers with a cached catalog answer", async () => {
    const expected = await helmetsOwnHeaders(helmetOptions(suite.config));
    assert.ok(expected['content-security-policy']);
    assert.ok(expected['x-content-type-options']);
    const url = '/api/products/featured';
    const first = await suite.app.inject({ method: 'GET', url, headers: { origin: APP_ORIGIN } });
    const cached = await suite.app.inject({ method: 'GET', url, headers: { origin: APP_ORIGIN } });
    for (const response of [first, cached]) {
      assert.equal(response.statusCode, 200);
      expectHeaders(response.headers, expected, 'catalog');
      assert.equal(response.headers['access-control-allow-origin'], APP_ORIGIN);
      assert.equal(response.headers['access-control-allow-credentials'], 'true');
      assert.equal(response.headers.vary, 'Origin');
    }
    assert.notEqual(first.headers['x-request-id'], cached.headers['x-request-id']);
    const revalidated = await suite.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(cached.headers.etag) },
    });
    assert.equal(revalidated.statusCode, 304);
    expectHeaders(revalidated.headers, expected, '304');
  });

  it('sends them with refusals, unknown routes and failures too', async () => {
    const expected = await helmetsOwnHeaders(helmetOptions(suite.config));
    const crossSite = await suite.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { origin: 'https://evil.example', cookie: 'accessToken=x' },
      payload: {},
    });
    assert.equal(crossSite.statusCode, 403);
    expectHeaders(crossSite.headers, expected, 'CSRF refusal');
    assert.equal(crossSite.headers['access-control-allow-origin'], undefined);

    const signedOut = await suite.app.inject({ method: 'GET', url: '/api/cart' });
    assert.equal(signedOut.statusCode, 401);
    expectHeaders(signedOut.headers, expected, '401');

    const missing = await suite.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(missing.statusCode, 404);
    expectHeaders(missing.headers, expected, '404');

    const preflight = await suite.app.inject({
      method: 'OPTIONS',
      url: '/api/cart',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.statusCode, 204);
    expectHeaders(preflight.headers, expected, 'preflight');
  });

  it("sends them with the router's own refusals, in the api's error shape", async () => {
    const expected = await helmetsOwnHeaders(helmetOptions(suite.config));
    const cases = [
      ['/api/products/%E0%A4%A', 400, 'The address is not valid: it has a malformed %-escape.'],
      [`/api/products/category/${'x'.repeat(1001)}`, 414, 'The address is too long.'],
    ] as const;
    for (const [url, status, message] of cases) {
      const response = await suite.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, status, url.slice(0, 40));
      expectHeaders(response.headers, expected, `${status} from the router`);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      // The answer names no part of the address: Fastify's own echoed it back.
      assert.deepEqual(response.json(), { message });
    }
  });
});
