import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { it } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import { verifyAccessToken } from '../../../src/accounts/access-tokens.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';

/**
 * The access token as the api issued it before JWTs: `base64url(json).base64url(HMAC)` keyed
 * with the raw secret. Rebuilt here so the upgrade stays proven after that code is gone.
 */
function preJwtAccessToken(secret: string, claims: { sub: string; sid: string; role: string }) {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const payload = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
  const signature = createHmac('sha256', secret).update(`access\0${payload}`).digest();
  return `${payload}.${signature.toString('base64url')}`;
}

describeEachDatabase('access tokens: sessions survive the switch to JWTs', (suite) => {
  it('refuses a pre-JWT access cookie with 401; the refresh cookie gets a JWT and the retried call passes', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    const current = await verifyAccessToken(
      suite.app.services.accessTokenKeys,
      client.cookie('accessToken')!,
    );
    assert.ok(current.ok);
    // The browser as the deployment finds it: the old access cookie beside the opaque refresh
    // cookie, which the new version still knows.
    const legacy = preJwtAccessToken(suite.config.tokenSecret, {
      sub: user.id,
      sid: current.claims.sid,
      role: 'user',
    });
    client.setCookie('accessToken', legacy);

    const refused = await client.get('/api/auth/profile');
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), { message: 'Not authenticated' });

    // The shared client's answer to a 401 while signed in: one refresh, then the same call again.
    assert.equal(client.cookie('isLoggedIn'), 'true');
    const refreshed = await client.post('/api/auth/refresh-token');
    assert.equal(refreshed.statusCode, 200, refreshed.body);
    const renewed = client.cookie('accessToken')!;
    assert.notEqual(renewed, legacy);
    assert.equal(decodeProtectedHeader(renewed).alg, 'HS256');
    const retried = await client.get('/api/auth/profile');
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().email, email);
  });
});
