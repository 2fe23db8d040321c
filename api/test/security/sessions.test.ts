import assert from 'node:assert/strict';
import { createHmac, hkdfSync } from 'node:crypto';
import { before, it } from 'node:test';
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  SignJWT,
  type JWTPayload,
} from 'jose';
import {
  accessTokenKeys,
  signAccessToken,
  verifyAccessToken,
} from '../../src/accounts/access-tokens.ts';
import { downloadTokenKeys } from '../../src/downloads/download-tokens.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient } from '../helpers/catalog.ts';
import { APP_ORIGIN, TestClient } from '../helpers/client.ts';
import { apiRoutes } from './route-table.ts';

// Refresh rotation and reuse (refresh.test.ts), logout (login-profile.test.ts), password change
// and reset (passwords.test.ts), production cookies (production.test.ts), key rotation
// (routes/auth/access-token-rotation.test.ts) and the upgrade from the pre-JWT token format
// (routes/auth/legacy-access-token.test.ts) are proven where those calls are tested; this file
// adds forged tokens, CSRF on every unsafe route and CORS.

const FOREIGN_ORIGINS = [
  'https://evil.example',
  'null',
  // Look-alikes of the app origin: another host that starts with it, another port, scheme.
  'http://localhost:3000.evil.example',
  'http://localhost:30000',
  'https://localhost:3000',
];

describeEachDatabase('sessions: forged and expired access tokens', (suite) => {
  let shopper: Awaited<ReturnType<typeof signedInUser>>;
  let claims: { sub: string; sid: string; role: 'user' | 'admin' };
  const withToken = (token: string) => {
    const client = new TestClient(suite.app);
    client.setCookie('accessToken', token);
    return client;
  };
  const keys = () => suite.app.services.accessTokenKeys;
  // The api's access key, derived here the way access-tokens.ts derives it, so a forgery can
  // change one thing at a time; "the forger's baseline" below proves the derivation matches.
  const accessKey = () =>
    new Uint8Array(hkdfSync('sha256', suite.config.tokenSecret, '', 'access-token', 32));
  const forge = (
    header: { alg?: string; kid?: string; typ?: string } = {},
    payload: JWTPayload = {},
    key: Parameters<SignJWT['sign']>[0] = accessKey(),
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, iat: now, exp: now + 900, ...payload })
      .setProtectedHeader({
        alg: 'HS256',
        kid: suite.config.tokenKeyId,
        typ: 'at+jwt',
        ...header,
      })
      .sign(key);
  };
  const encoded = (value: object) => base64url.encode(JSON.stringify(value));
  /** `header.payload.HMAC` for parts jose would refuse to produce. */
  const signedByHand = (header: string, payload: string) =>
    `${header}.${payload}.${createHmac('sha256', accessKey()).update(`${header}.${payload}`).digest('base64url')}`;

  before(async () => {
    shopper = await signedInUser(suite.app);
    const check = await verifyAccessToken(keys(), shopper.client.cookie('accessToken')!);
    assert.ok(check.ok);
    claims = { sub: check.claims.sub, sid: check.claims.sid, role: check.claims.role };
  });

  it('issues an HS256 JWT with kid, typ, sub, sid, role, iat and exp', async () => {
    const token = shopper.client.cookie('accessToken')!;
    assert.deepEqual(decodeProtectedHeader(token), {
      alg: 'HS256',
      kid: suite.config.tokenKeyId,
      typ: 'at+jwt',
    });
    const payload = decodeJwt(token);
    assert.deepEqual(Object.keys(payload).sort(), ['exp', 'iat', 'role', 'sid', 'sub']);
    assert.equal(payload.exp! - payload.iat!, suite.config.accessTokenTtlSeconds);
  });

  it("the forger's baseline: a token built by hand with the api's derived key is accepted", async () => {
    const response = await withToken(await forge()).get('/api/auth/profile');
    assert.equal(response.statusCode, 200, response.body);
    const [header, payload] = shopper.client.cookie('accessToken')!.split('.') as [string, string];
    assert.equal(signedByHand(header, payload), shopper.client.cookie('accessToken'));
  });

  it('refuses tampered, re-signed, wrongly keyed or typed and malformed tokens with 401', async () => {
    const token = shopper.client.cookie('accessToken')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = await signedInUser(suite.app);
    const reencode = (changes: Record<string, unknown>) =>
      encoded({ ...decodeJwt(token), ...changes });
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const headerOf = (changes: Record<string, unknown>) =>
      encoded({ ...decodeProtectedHeader(token), ...changes });
    const foreignKeys = accessTokenKeys({
      tokenSecret: 'x'.repeat(40),
      tokenKeyId: suite.config.tokenKeyId,
      previousTokenKey: null,
    });
    const { privateKey: rsaKey } = await generateKeyPair('RS256');
    const forged: Array<[string, string]> = [
      ['a flipped signature', `${header}.${payload}.${flipped}`],
      ['role admin, the old signature', `${header}.${reencode({ role: 'admin' })}.${signature}`],
      [
        "B's user id, the old signature",
        `${header}.${reencode({ sub: other.user.id })}.${signature}`,
      ],
      [
        'a later expiry, the old signature',
        `${header}.${reencode({ exp: 4102444800 })}.${signature}`,
      ],
      [
        'signed with another secret under the same kid',
        await signAccessToken(foreignKeys, { ...claims, role: 'admin' }, 900),
      ],
      [
        'signed with the raw JWT_SECRET instead of its derived key',
        await forge({}, {}, new TextEncoder().encode(suite.config.tokenSecret)),
      ],
      [
        "signed with the download links' key",
        await downloadTokenKeys(suite.config).sign({ ...claims, iat: 1, exp: 4102444800 }),
      ],
      ['an unknown kid', await forge({ kid: 'not-a-key' })],
      ['no kid, the right key', signedByHand(headerOf({ kid: undefined }), payload)],
      ['a numeric kid', await forge({ kid: 1 as unknown as string })],
      ['another typ', await forge({ typ: 'JWT' })],
      ['no typ', await forge({ typ: undefined })],
      ['alg HS512 with the right key', await forge({ alg: 'HS512' })],
      ['alg RS256 with its own key pair', await forge({ alg: 'RS256' }, {}, rsaKey)],
      [
        'alg RS256 claimed over the HS256 signature',
        `${headerOf({ alg: 'RS256' })}.${payload}.${signature}`,
      ],
      ['alg none', `${headerOf({ alg: 'none' })}.${payload}.`],
      ['alg none with the old signature', `${headerOf({ alg: 'none' })}.${payload}.${signature}`],
      ['a crit header it does not know', signedByHand(headerOf({ crit: ['x'], x: 1 }), payload)],
      ['no signature', `${header}.${payload}.`],
      ['a fourth part', `${token}.x`],
      ['two parts', `${header}.${payload}`],
      ['a header that is not JSON', `${base64url.encode('{alg')}.${payload}.${signature}`],
      ['a payload that is not JSON', signedByHand(header, base64url.encode('not json'))],
      ['a payload that is a JSON array', signedByHand(header, base64url.encode('[1]'))],
      ['no sid', await forge({}, { sid: undefined })],
      ['a numeric sub', await forge({}, { sub: 42 as unknown as string })],
      ['role root', await forge({}, { role: 'root' })],
      ['no exp', await forge({}, { exp: undefined })],
      ['empty', ''],
    ];
    for (const [label, value] of forged) {
      for (const url of ['/api/auth/profile', '/api/analytics', '/api/orders']) {
        const response = await withToken(value).get(url);
        assert.equal(response.statusCode, 401, `${label} on ${url}: ${response.body}`);
        assert.equal(typeof response.json().message, 'string');
      }
    }
    // The genuine token still works: nothing above disturbed the session.
    assert.equal((await shopper.client.get('/api/auth/profile')).statusCode, 200);
  });

  it('refuses an expired token with 401 "Access token expired"; the refresh cookie renews it', async () => {
    const { client } = await signedInUser(suite.app);
    const check = await verifyAccessToken(keys(), client.cookie('accessToken')!);
    assert.ok(check.ok);
    const expired = await signAccessToken(keys(), check.claims, -1);
    client.setCookie('accessToken', expired);
    const refused = await client.get('/api/auth/profile');
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), { message: 'Access token expired' });
    // What the client does on a 401: refresh once, then repeat the call.
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 200);
    assert.notEqual(client.cookie('accessToken'), expired);
    assert.equal((await client.get('/api/auth/profile')).statusCode, 200);
  });

  it('calls only a genuine token expired: a forged expired one is just refused', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const foreign = await forge({}, { exp: past }, new Uint8Array(32));
    const response = await withToken(foreign).get('/api/auth/profile');
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Not authenticated' });
  });

  it('trusts the session and the stored role, not the token: a validly signed token for an unknown session or an "admin" claim gets nowhere', async () => {
    const unknownSession = await signAccessToken(
      keys(),
      { ...claims, sid: '00000000-0000-4000-8000-000000000000' },
      900,
    );
    const noSession = await withToken(unknownSession).get('/api/auth/profile');
    assert.equal(noSession.statusCode, 401, noSession.body);
    const elevated = withToken(await signAccessToken(keys(), { ...claims, role: 'admin' }, 900));
    const analytics = await elevated.get('/api/analytics');
    assert.equal(analytics.statusCode, 403, analytics.body);
    assert.equal((await elevated.get('/api/auth/profile')).json().role, 'user');
  });
});

const OPT_OUT = '/api/account/update-mails/opt-out/:token';
/**
 * Routes a token authenticates, not cookies, so no origin check applies: the provider's webhook
 * (its signature: 400 unsigned) and the one-click opt-out of an update mail, which mail clients
 * post from anywhere (its link: a forged one gets the 404 page), and the public license API
 * (the key in the body: `{name}` carries none, 400).
 */
const TOKEN_AUTHENTICATED: Record<string, number> = {
  '/api/payments/webhook': 400,
  [OPT_OUT]: 404,
  '/api/licenses/activate': 400,
  '/api/licenses/validate': 400,
  '/api/licenses/deactivate': 400,
};

describeEachDatabase('sessions: CSRF on every state-changing route', (suite) => {
  it('refuses a foreign Origin or Referer carrying the session with 403 JSON, changing nothing', async (t) => {
    const { client } = await signedInUser(suite.app);
    const admin = await adminClient(suite.app);
    const profileBefore = (await client.get('/api/auth/profile')).json();
    const unsafe = apiRoutes(suite.app).filter((route) => route.method !== 'GET');
    assert.ok(unsafe.length >= 15, `${unsafe.length} unsafe routes`);
    let count = 0;
    const failures: string[] = [];
    for (const route of unsafe) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      // Admin routes with the admin's session, the others with the shopper's.
      const owner = /^\/api\/products(\/:id)?$/.test(route.url) ? admin : client;
      const attempts: Array<[string, Record<string, string>]> = [
        ...FOREIGN_ORIGINS.map((origin): [string, Record<string, string>] => [origin, { origin }]),
        ['a foreign Referer, no Origin', { referer: 'https://evil.example/page' }],
        ['an unparsable Referer', { referer: 'not a url' }],
      ];
      for (const [label, headers] of attempts) {
        count += 1;
        const forged = new TestClient(suite.app, null);
        for (const [name, cookie] of owner.cookies)
          forged.setCookie(name, cookie.value, cookie.path);
        const response = await forged.request(
          route.method as 'POST',
          url,
          { name: 'Hacked' },
          headers,
        );
        const expected = TOKEN_AUTHENTICATED[route.url] ?? 403;
        if (response.statusCode !== expected) {
          failures.push(`${route.key} from ${label}: ${response.statusCode} ${response.body}`);
        } else if (route.url !== OPT_OUT && typeof response.json().message !== 'string') {
          failures.push(`${route.key} from ${label}: no JSON message`);
        }
      }
    }
    t.diagnostic(`${count} cross-site requests over ${unsafe.length} unsafe routes`);
    assert.deepEqual(failures, []);
    // The session survived every refused call, unchanged.
    const profileAfter = await client.get('/api/auth/profile');
    assert.equal(profileAfter.statusCode, 200);
    assert.deepEqual(profileAfter.json(), profileBefore);
    assert.equal((await admin.get('/api/products')).statusCode, 200);
  });
});

describeEachDatabase(
  'sessions: CORS for the configured app origins only',
  (suite) => {
    const shop = 'https://shop.example';
    const ask = (method: 'GET' | 'OPTIONS', origin: string, url = '/api/products/featured') =>
      suite.app.inject({
        method,
        url,
        headers: {
          origin,
          ...(method === 'OPTIONS'
            ? {
                'access-control-request-method': 'PUT',
                'access-control-request-headers': 'content-type',
              }
            : {}),
        },
      });

    it('allows each configured origin with credentials, on requests and preflights', async () => {
      for (const origin of [shop, 'https://admin.shop.example']) {
        for (const method of ['GET', 'OPTIONS'] as const) {
          const response = await ask(method, origin, '/api/auth/profile');
          assert.equal(
            response.headers['access-control-allow-origin'],
            origin,
            `${method} ${origin}`,
          );
          assert.equal(response.headers['access-control-allow-credentials'], 'true');
          assert.match(String(response.headers.vary), /Origin/);
        }
      }
      const preflight = await ask('OPTIONS', shop, '/api/cart');
      assert.equal(preflight.statusCode, 204);
      assert.match(String(preflight.headers['access-control-allow-methods']), /PUT/);
    });

    it('gives any other origin, even the default localhost app, no CORS grant', async () => {
      const others = [
        ...FOREIGN_ORIGINS,
        APP_ORIGIN,
        'https://shop.example.evil.example',
        'https://evil.shop.example',
        'http://shop.example',
      ];
      for (const origin of others) {
        for (const method of ['GET', 'OPTIONS'] as const) {
          const response = await ask(method, origin, '/api/auth/profile');
          assert.equal(
            response.headers['access-control-allow-origin'],
            undefined,
            `${method} ${origin}`,
          );
          assert.equal(response.headers['access-control-allow-credentials'], undefined);
          // Caches keep answers per origin, so an allowed origin's answer is never replayed.
          assert.match(String(response.headers.vary), /Origin/);
        }
      }
    });
  },
  {
    env: {
      APP_ORIGINS: 'https://shop.example,https://admin.shop.example',
      APP_URL: 'https://shop.example',
    },
  },
);
