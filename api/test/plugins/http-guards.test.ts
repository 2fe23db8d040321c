import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';
import { APP_ORIGIN, TestClient } from '../helpers/client.ts';
import { signedInUser } from '../helpers/accounts.ts';

describeEachDatabase('request guards: content types, bodies, CSRF and CORS', (suite) => {
  const login = (payload: string, headers: Record<string, string>) =>
    suite.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

  it('answers 415 JSON for a body that is not JSON', async () => {
    const response = await login('email=a', { 'content-type': 'text/plain', origin: APP_ORIGIN });
    assert.equal(response.statusCode, 415);
    assert.equal(response.json().message, 'Content-Type must be application/json');
  });

  it('answers 400 JSON for malformed JSON', async () => {
    const response = await login('{"email":', { 'content-type': 'application/json' });
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().message);
    assert.doesNotMatch(response.body, /at .*\.js/);
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) });
    const response = await login(big, { 'content-type': 'application/json' });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().message, 'Request body is too large');
  });

  it('answers 400 with fields for wrong types, never 500', async () => {
    const response = await login(
      JSON.stringify({ email: 42, password: ['x'], rememberMe: 'yes' }),
      {
        'content-type': 'application/json',
      },
    );
    assert.equal(response.statusCode, 400);
    const body = response.json();
    assert.ok(body.fields.email);
    assert.ok(body.fields.password);
    assert.ok(body.fields.rememberMe);
  });

  it('answers 400, not 500, for a NUL character the database cannot store', async () => {
    const { client } = await signedInUser(suite.app);
    for (const [method, url, body] of [
      ['PUT', '/api/auth/profile', { name: 'Eve\u0000' }],
      ['POST', '/api/coupons/validate', { code: 'WELCOME\u0000' }],
      ['POST', '/api/payments/checkout-success', { sessionId: 'cs_\u0000' }],
      ['POST', '/api/auth/login', { email: 'a\u0000@example.test', password: 'whatever' }],
    ] as const) {
      const response = await client.request(method, url, body);
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.deepEqual(response.json(), { message: 'Text must not contain NUL characters' });
    }
    assert.equal((await client.get('/api/auth/profile')).json().name, 'Test User');
  });

  it('ignores unknown fields', async () => {
    const response = await login(
      JSON.stringify({ email: 'nobody@example.test', password: 'whatever', extra: { deep: true } }),
      { 'content-type': 'application/json' },
    );
    assert.equal(response.statusCode, 401);
  });

  it('accepts a body-less POST labelled JSON', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 200);
  });

  it('rejects a cookie-carrying call from a foreign origin with 403', async () => {
    const { client } = await signedInUser(suite.app);
    const evil = new TestClient(suite.app, 'https://evil.example');
    for (const [name, cookie] of client.cookies) evil.setCookie(name, cookie.value, cookie.path);
    const response = await evil.put('/api/auth/profile', { name: 'Hacked' });
    assert.equal(response.statusCode, 403);
    assert.ok(response.json().message);
    const byReferer = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: 'https://evil.example/page', cookie: 'refreshToken=x' },
    });
    assert.equal(byReferer.statusCode, 403);
    const noOriginWithCookies = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: 'refreshToken=x' },
    });
    assert.equal(noOriginWithCookies.statusCode, 403);
    const profile = await client.get('/api/auth/profile');
    assert.notEqual(profile.json().name, 'Hacked');
  });

  it('accepts the app origin, a same-site referer, and cookie-less clients without origin', async () => {
    const fromReferer = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: `${APP_ORIGIN}/profile`, cookie: 'refreshToken=x' },
    });
    assert.equal(fromReferer.statusCode, 200);
    const bare = await suite.app.inject({ method: 'POST', url: '/api/auth/logout' });
    assert.equal(bare.statusCode, 200);
  });

  it('answers CORS preflights for app origins only, with credentials', async () => {
    const allowed = await suite.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(allowed.statusCode, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], APP_ORIGIN);
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    const foreign = await suite.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
  });
});
