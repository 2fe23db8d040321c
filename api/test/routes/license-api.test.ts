import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import { licenseActivations, licenseKeys } from '../../src/db/schema.ts';
import { describeEachDatabase, startApp, type Suite } from '../helpers/app.ts';
import { APP_ORIGIN } from '../helpers/client.ts';
import { databaseKinds } from '../helpers/databases.ts';
import {
  LICENSE_TEST_ENV,
  VENDOR_ORIGIN,
  activated,
  jwksOf,
  licenseCall,
  licenseState,
} from '../helpers/license-api.ts';
import { activationsOf, buyLicensedProduct, type LicensedPurchase } from '../helpers/licenses.ts';

describeEachDatabase(
  'public license API',
  (suite) => {
    let purchase: LicensedPurchase;
    before(async () => {
      purchase = await buyLicensedProduct(suite.app, { activationLimit: 2 });
    });
    const key = () => purchase.keys[0]!;
    const licenseId = () => purchase.licenseIds[0]!;
    // Each test starts with the key free of devices and active.
    beforeEach(async () => {
      if (!purchase) return;
      await suite.app.db
        .delete(licenseActivations)
        .where(eq(licenseActivations.licenseId, licenseId()));
      await setKey({ disabledAt: null, expiresAt: null });
    });

    const validate = (instanceId: string, typed = key()) =>
      licenseState(suite.app, 'validate', typed, instanceId);
    const deactivate = (instanceId: string) =>
      licenseState(suite.app, 'deactivate', key(), instanceId);
    const setKey = (values: Partial<typeof licenseKeys.$inferInsert>) =>
      suite.app.db.update(licenseKeys).set(values).where(eq(licenseKeys.id, licenseId()));
    const activate = (fingerprint: string) =>
      licenseCall(suite.app, 'activate', { key: key(), instanceName: 'Device', fingerprint });

    it('activates with a token that verifies offline against the JWKS and holds no key', async () => {
      const answer = await activated(suite.app, key());
      assert.deepEqual(answer.license, {
        valid: true,
        status: 'active',
        expiresAt: null,
        activationLimit: 2,
        activations: 1,
      });
      const jwks = await jwksOf(suite.app);
      const { payload, protectedHeader } = await jwtVerify(answer.token, createLocalJWKSet(jwks), {
        issuer: suite.config.apiUrl,
        typ: 'license+jwt',
        algorithms: ['EdDSA'],
      });
      assert.equal(protectedHeader.kid, jwks.keys[0]!.kid);
      assert.equal(payload.sub, licenseId());
      assert.equal(payload.product_id, purchase.productId);
      assert.equal(payload.instance_id, answer.instanceId);
      assert.equal((payload.exp! - payload.iat!) / 86_400, suite.config.licenses.tokenDays);
      assert.deepEqual(Object.keys(payload).sort(), [
        'exp',
        'iat',
        'instance_id',
        'iss',
        'product_id',
        'sub',
      ]);
      const claims = Buffer.from(answer.token.split('.')[1]!, 'base64url').toString();
      for (const part of [key(), ...key().split('-')]) {
        assert.ok(!claims.includes(part) && !answer.token.includes(part), 'the key is in it');
      }
      // Public keys only.
      for (const served of jwks.keys) {
        assert.deepEqual(Object.keys(served).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x']);
      }
    });

    it('serves the JWKS to any origin, cacheable', async () => {
      const response = await suite.app.inject({
        method: 'GET',
        url: '/api/licenses/jwks.json',
        headers: { origin: VENDOR_ORIGIN },
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'public, max-age=300');
      assert.equal(response.headers['access-control-allow-origin'], '*');
    });

    it('gives the same fingerprint the same activation, renamed', async () => {
      const first = await activated(suite.app, key(), 'fingerprint-same', 'Old name');
      const second = await activated(suite.app, key(), 'fingerprint-same', 'New name');
      assert.equal(second.instanceId, first.instanceId);
      assert.equal(second.license.activations, 1);
      const rows = await activationsOf(suite.app, licenseId());
      assert.deepEqual(
        rows.map((row) => [row.id, row.name]),
        [[first.instanceId, 'New name']],
      );
    });

    it('refuses a device over the limit, and a deactivation frees its slot', async () => {
      const one = await activated(suite.app, key(), 'fingerprint-one');
      const two = await activated(suite.app, key(), 'fingerprint-two');
      assert.equal(two.license.activations, 2);
      const third = await activate('fingerprint-three');
      assert.equal(third.statusCode, 409, third.body);
      assert.deepEqual(third.json(), { message: 'Activation limit reached' });
      assert.equal((await activationsOf(suite.app, licenseId())).length, 2);
      // A device already activated is still welcome at the limit.
      const again = await activated(suite.app, key(), 'fingerprint-one');
      assert.equal(again.instanceId, one.instanceId);

      const freed = await deactivate(two.instanceId);
      assert.equal(freed.activations, 1);
      assert.deepEqual(await deactivate(two.instanceId), freed, 'idempotent');
      const now = await activate('fingerprint-three');
      assert.equal(now.statusCode, 201, now.body);
    });

    it('validates with a check-in of that device only', async () => {
      const one = await activated(suite.app, key());
      const two = await activated(suite.app, key());
      const past = new Date(Date.now() - 5 * 86_400_000);
      await suite.app.db
        .update(licenseActivations)
        .set({ lastSeenAt: past })
        .where(eq(licenseActivations.licenseId, licenseId()));
      const state = await validate(one.instanceId);
      assert.deepEqual(state, {
        valid: true,
        status: 'active',
        expiresAt: null,
        activationLimit: 2,
        activations: 2,
      });
      const seen = new Map(
        (await activationsOf(suite.app, licenseId())).map((row) => [row.id, row.lastSeenAt]),
      );
      assert.ok(seen.get(one.instanceId)!.getTime() > past.getTime(), 'checked in');
      assert.equal(seen.get(two.instanceId)!.getTime(), past.getTime(), 'the other untouched');
      // Typed in lower case, without dashes: the same key.
      assert.equal((await validate(one.instanceId, key().toLowerCase())).valid, true);
      assert.equal((await validate(one.instanceId, key().replace(/-/g, ''))).valid, true);

      // A released instance, or none of the key's, is not valid: the app activates again.
      await deactivate(two.instanceId);
      assert.deepEqual(await validate(two.instanceId), { ...state, valid: false, activations: 1 });
      assert.equal((await validate('not-a-uuid')).valid, false);
      assert.equal((await validate(randomUUID())).valid, false);
    });

    it("neither checks in nor frees another key's device", async () => {
      const other = await buyLicensedProduct(suite.app);
      const theirs = await activated(suite.app, other.keys[0]!);
      const past = new Date(Date.now() - 86_400_000);
      await suite.app.db
        .update(licenseActivations)
        .set({ lastSeenAt: past })
        .where(eq(licenseActivations.id, theirs.instanceId));
      await activated(suite.app, key());
      assert.equal((await validate(theirs.instanceId)).valid, false);
      assert.equal((await deactivate(theirs.instanceId)).activations, 1);
      const [row] = await activationsOf(suite.app, other.licenseIds[0]!);
      assert.equal(row?.lastSeenAt.getTime(), past.getTime());
    });

    it('refuses a disabled key and says so on validate', async () => {
      const device = await activated(suite.app, key());
      await setKey({ disabledAt: new Date() });
      const refused = await activate(randomUUID());
      assert.equal(refused.statusCode, 403, refused.body);
      assert.deepEqual(refused.json(), { message: 'License disabled' });
      const state = await validate(device.instanceId);
      assert.deepEqual([state.status, state.valid], ['disabled', false]);
      // Freeing a device needs no active key.
      assert.equal((await deactivate(device.instanceId)).activations, 0);
    });

    it('says expired past the expiry', async () => {
      const device = await activated(suite.app, key());
      const expiresAt = new Date(Date.now() - 60_000);
      await setKey({ expiresAt });
      const state = await validate(device.instanceId);
      assert.deepEqual(
        [state.status, state.valid, state.expiresAt],
        ['expired', false, expiresAt.toISOString()],
      );
      const refused = await activate(randomUUID());
      assert.equal(refused.statusCode, 403, refused.body);
      assert.deepEqual(refused.json(), { message: 'License expired' });
    });

    it("never lets a token outlive its key's expiry", async () => {
      const limited = await buyLicensedProduct(suite.app, { licenseDays: 1 });
      const answer = await activated(suite.app, limited.keys[0]!);
      const expiresAt = answer.license.expiresAt;
      assert.ok(expiresAt, 'a key with a license length expires');
      const { payload } = await jwtVerify(answer.token, createLocalJWKSet(await jwksOf(suite.app)));
      assert.equal(payload.exp, Math.floor(Date.parse(expiresAt) / 1000));
    });

    it('answers any origin with *, never with credentials, and ignores cookies', async () => {
      const device = await activated(suite.app, key());
      const cookie = [...purchase.buyer.client.cookies]
        .map(([name, { value }]) => `${name}=${value}`)
        .join('; ');
      assert.ok(cookie, "the buyer's session cookies");
      for (const origin of [VENDOR_ORIGIN, APP_ORIGIN, 'null']) {
        const response = await licenseCall(
          suite.app,
          'validate',
          { key: key(), instanceId: device.instanceId },
          { origin, cookie },
        );
        assert.equal(response.statusCode, 200, `${origin}: ${response.body}`);
        assert.equal(response.headers['access-control-allow-origin'], '*');
        assert.equal(response.headers['access-control-allow-credentials'], undefined);
        assert.equal(response.headers['set-cookie'], undefined);
        assert.equal(response.json<{ valid: boolean }>().valid, true);
      }
      // A browser's preflight of the JSON call.
      for (const path of ['activate', 'validate', 'deactivate', 'jwks.json']) {
        const preflight = await suite.app.inject({
          method: 'OPTIONS',
          url: `/api/licenses/${path}`,
          headers: {
            origin: VENDOR_ORIGIN,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        assert.equal(preflight.statusCode, 204, path);
        assert.equal(preflight.headers['access-control-allow-origin'], '*');
        assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
        assert.equal(preflight.headers['access-control-allow-methods'], 'GET,POST,OPTIONS');
        assert.equal(preflight.headers['access-control-allow-headers'], 'content-type');
      }
      // The other routes keep their credentialed CORS for the app origins only.
      const other = await suite.app.inject({
        method: 'OPTIONS',
        url: '/api/cart',
        headers: { origin: VENDOR_ORIGIN, 'access-control-request-method': 'POST' },
      });
      assert.equal(other.headers['access-control-allow-origin'], undefined);
    });
  },
  { env: LICENSE_TEST_ENV },
);

for (const kind of databaseKinds()) {
  describe(`license signing key rotation [${kind}]`, () => {
    let first: Suite | undefined;
    let rotated: Suite | undefined;
    before(async () => {
      first = await startApp(kind, { env: LICENSE_TEST_ENV });
    });
    after(async () => {
      await rotated?.close();
      await first?.close();
    });

    it('keeps verifying tokens of the previous key, which stays in the JWKS', async () => {
      const { app } = first!;
      const purchase = await buyLicensedProduct(app);
      const old = await activated(app, purchase.keys[0]!);
      const oldKid = decodeProtectedHeader(old.token).kid!;
      const [oldPublic] = (await jwksOf(app)).keys;

      const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
      const next = await exportJWK(privateKey);
      rotated = await startApp(kind, {
        env: {
          ...LICENSE_TEST_ENV,
          LICENSE_SIGNING_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: next.x, d: next.d }),
          LICENSE_SIGNING_KEY_ID: 'license-2',
          LICENSE_PREVIOUS_SIGNING_KEYS: JSON.stringify([
            { kty: 'OKP', crv: 'Ed25519', x: oldPublic!.x, kid: oldKid },
          ]),
        },
      });
      const jwks = await jwksOf(rotated.app);
      assert.deepEqual(
        jwks.keys.map((served) => served.kid),
        ['license-2', oldKid],
      );
      const keys = createLocalJWKSet(jwks);
      const { payload } = await jwtVerify(old.token, keys);
      assert.equal(payload.instance_id, old.instanceId);

      const fresh = await rotated.app.services.licenseTokens.sign({
        issuer: rotated.config.apiUrl,
        licenseId: randomUUID(),
        productId: randomUUID(),
        instanceId: randomUUID(),
        expiresAt: null,
      });
      assert.equal(decodeProtectedHeader(fresh).kid, 'license-2');
      await jwtVerify(fresh, keys);
      // The JWKS from before the rotation does not know the new key.
      await assert.rejects(jwtVerify(fresh, createLocalJWKSet(await jwksOf(app))));
    });
  });
}
