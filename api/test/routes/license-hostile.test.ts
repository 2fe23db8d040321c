import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { MAX_FINGERPRINT, MAX_INSTANCE_NAME } from '@store/contract';
import { licenseActivations } from '../../src/db/schema.ts';
import {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type Counter,
} from '../../src/infrastructure/rate-limit-store.ts';
import { newLicenseKey } from '../../src/licenses/key-codec.ts';
import { describeEachDatabase, startApp, type Suite } from '../helpers/app.ts';
import { databaseKinds } from '../helpers/databases.ts';
import {
  LICENSE_TEST_ENV,
  activated,
  jwksOf,
  licenseCall,
  type LicenseAction,
} from '../helpers/license-api.ts';
import { activationsOf, buyLicensedProduct, type LicensedPurchase } from '../helpers/licenses.ts';
import { assertLimited } from '../security/rate-limit-checks.ts';

const ACTIONS: LicenseAction[] = ['activate', 'validate', 'deactivate'];
const NOT_FOUND = JSON.stringify({ message: 'License not found' });

/** A body for `action` around `key`, every other field well-formed. */
const bodyOf = (action: LicenseAction, key: unknown) =>
  action === 'activate'
    ? { key, instanceName: 'Hostile', fingerprint: randomUUID() }
    : { key, instanceId: randomUUID() };

/** Remembers every counter name, to show that no key reaches the (shared) store. */
class RecordingStore extends MemoryRateLimitStore {
  readonly names = new Set<string>();
  override async increment(key: string, windowMs: number): Promise<Counter> {
    this.names.add(key);
    return super.increment(key, windowMs);
  }
}

const logLines: string[] = [];
const limits = new RecordingStore();

describeEachDatabase(
  'public license API, hostile input',
  (suite) => {
    let purchase: LicensedPurchase;
    before(async () => {
      purchase = await buyLicensedProduct(suite.app, { activationLimit: 3 });
    });
    const key = () => purchase.keys[0]!;

    it('answers every key that is not one with the same 404, malformed or not', async () => {
      const real = key();
      const changed = `${real.slice(0, -1)}${real.endsWith('0') ? '1' : '0'}`;
      const garbage: Array<[string, unknown]> = [
        ['empty', ''],
        ['spaces', '   '],
        ['200 characters', 'K'.repeat(200)],
        ['unicode', 'ключ-🔑-鍵-é\u200b'],
        ['SQL', "' OR '1'='1' --"],
        ['SQL drop', "x'; drop table license_keys; --"],
        ['NUL', `${real}\u0000`],
        ['another vendor format', 'ABCD-EFGH-IJKL-MNOP'],
        ['a UUID', randomUUID()],
        ['well-formed, never issued', newLicenseKey()],
        ['one character off', changed],
        ['a group short', real.slice(0, -9)],
        ['regex', '.*'],
        ['percent', '%'],
      ];
      for (const action of ACTIONS) {
        for (const [label, value] of garbage) {
          const response = await licenseCall(suite.app, action, bodyOf(action, value));
          assert.equal(response.statusCode, 404, `${action} ${label}: ${response.body}`);
          assert.equal(response.body, NOT_FOUND, `${action} ${label}`);
        }
      }
      // The key itself, in lower case and with spaces: found.
      const typed = real.toLowerCase().replace(/-/g, ' ');
      const answer = await activated(suite.app, typed);
      const state = await licenseCall(suite.app, 'deactivate', {
        key: typed,
        instanceId: answer.instanceId,
      });
      assert.equal(state.statusCode, 200, state.body);
    });

    it("activates another product's key for that product only", async () => {
      const other = await buyLicensedProduct(suite.app);
      const answer = await activated(suite.app, other.keys[0]!);
      const { payload } = await jwtVerify(answer.token, createLocalJWKSet(await jwksOf(suite.app)));
      assert.equal(payload.product_id, other.productId);
      assert.notEqual(payload.product_id, purchase.productId);
      assert.equal(payload.sub, other.licenseIds[0]);
    });

    it('refuses missing, mistyped and oversized fields with 400, and bodies over 4 KB with 413', async () => {
      const cases: Array<[LicenseAction, unknown, number, string?]> = [
        ['activate', {}, 400, 'key'],
        ['activate', { key: key(), fingerprint: 'f' }, 400, 'instanceName'],
        ['activate', { key: key(), instanceName: 'x' }, 400, 'fingerprint'],
        ['activate', { key: key(), instanceName: '  ', fingerprint: 'f' }, 400, 'instanceName'],
        ['activate', { key: key(), instanceName: 'x', fingerprint: '' }, 400, 'fingerprint'],
        [
          'activate',
          { key: key(), instanceName: 'x', fingerprint: 'f'.repeat(MAX_FINGERPRINT + 1) },
          400,
          'fingerprint',
        ],
        [
          'activate',
          { key: key(), instanceName: 'n'.repeat(MAX_INSTANCE_NAME + 1), fingerprint: 'f' },
          400,
          'instanceName',
        ],
        ['activate', { key: 42, instanceName: 'x', fingerprint: 'f' }, 400, 'key'],
        ['activate', { key: 'K'.repeat(201), instanceName: 'x', fingerprint: 'f' }, 400, 'key'],
        ['activate', { key: key(), instanceName: 'x', fingerprint: 'f'.repeat(5_000) }, 413],
        ['activate', { key: 'K'.repeat(10_240), instanceName: 'x', fingerprint: 'f' }, 413],
        ['validate', {}, 400, 'key'],
        ['validate', { key: key() }, 400, 'instanceId'],
        ['validate', { key: key(), instanceId: 'i'.repeat(101) }, 400, 'instanceId'],
        ['validate', { key: [key()], instanceId: randomUUID() }, 400, 'key'],
        ['deactivate', { instanceId: randomUUID() }, 400, 'key'],
        ['deactivate', { key: key(), instanceId: null }, 400, 'instanceId'],
        ['deactivate', [], 400],
        ['validate', null, 400],
      ];
      for (const [action, body, status, field] of cases) {
        const response = await licenseCall(suite.app, action, body, {
          'content-type': 'application/json',
        });
        const label = `${action} ${JSON.stringify(body).slice(0, 80)}`;
        assert.equal(response.statusCode, status, `${label}: ${response.body}`);
        const answer = response.json<{ message: string; fields?: Record<string, string> }>();
        assert.equal(typeof answer.message, 'string', label);
        if (field) assert.ok(answer.fields?.[field], `${label}: ${response.body}`);
        assert.ok(!response.body.includes(key()), `${label} repeats the key`);
      }
      const plain = await suite.app.inject({
        method: 'POST',
        url: '/api/licenses/validate',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ key: key(), instanceId: randomUUID() }),
      });
      assert.equal(plain.statusCode, 415, plain.body);
      // Text the database cannot store is the caller's fault, and nothing is written.
      const nul = await licenseCall(suite.app, 'activate', {
        key: key(),
        instanceName: 'bad\u0000name',
        fingerprint: randomUUID(),
      });
      assert.equal(nul.statusCode, 400, nul.body);
      assert.deepEqual(await activationsOf(suite.app, purchase.licenseIds[0]!), []);
    });

    it('never exceeds the limit under 20 concurrent activations', async () => {
      const [licenseId] = purchase.licenseIds;
      await suite.app.db
        .delete(licenseActivations)
        .where(eq(licenseActivations.licenseId, licenseId!));
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          licenseCall(suite.app, 'activate', {
            key: key(),
            instanceName: `Racer ${index}`,
            fingerprint: `racer-${index}`,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      assert.deepEqual(statuses, [...Array(3).fill(201), ...Array(17).fill(409)]);
      assert.equal((await activationsOf(suite.app, licenseId!)).length, 3);
      // One device activating at once from many threads is one activation.
      await suite.app.db
        .delete(licenseActivations)
        .where(eq(licenseActivations.licenseId, licenseId!));
      const same = await Promise.all(
        Array.from({ length: 10 }, () =>
          licenseCall(suite.app, 'activate', {
            key: key(),
            instanceName: 'Same',
            fingerprint: 'one-device',
          }),
        ),
      );
      assert.deepEqual(new Set(same.map((response) => response.statusCode)), new Set([201]));
      const ids = new Set(
        same.map((response) => response.json<{ instanceId: string }>().instanceId),
      );
      assert.equal(ids.size, 1);
      assert.equal((await activationsOf(suite.app, licenseId!)).length, 1);
    });

    it('never puts a key in the rate-limit store or the log', async () => {
      const secrets = [...purchase.keys, ...purchase.keys.flatMap((typed) => typed.split('-'))];
      for (const name of limits.names) {
        for (const secret of secrets) {
          assert.ok(!name.toUpperCase().includes(secret), `counter ${name} holds a key`);
        }
      }
      assert.ok([...limits.names].some((name) => name.startsWith('license-key:')));
      assert.ok(logLines.length > 0, 'the suite logged');
      for (const line of logLines) {
        for (const secret of secrets) assert.ok(!line.includes(secret), `logged: ${line}`);
      }
    });
  },
  {
    env: { ...LICENSE_TEST_ENV, LOG_LEVEL: 'info' },
    build: { limits, logStream: { write: (line: string) => logLines.push(line) } },
  },
);

describeEachDatabase(
  'public license API rate limits',
  (suite) => {
    let purchase: LicensedPurchase;
    before(async () => {
      purchase = await buyLicensedProduct(suite.app);
    });

    const from = (remoteAddress: string, key: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/licenses/validate',
        payload: { key, instanceId: randomUUID() },
        headers: { origin: 'https://vendor-app.example' },
        remoteAddress,
      });

    it('limits the calls per key, from any address, with Retry-After', async () => {
      const key = purchase.keys[0]!;
      for (let call = 0; call < 3; call += 1) {
        const response = await from(`10.0.1.${call}`, call % 2 ? key.toLowerCase() : key);
        assert.equal(response.statusCode, 200, response.body);
      }
      assertLimited(await from('10.0.1.9', key), 60);
      // Another key is counted on its own.
      assert.equal((await from('10.0.1.10', newLicenseKey())).statusCode, 404);
    });

    it('limits the calls per address, whatever the keys', async () => {
      for (let call = 0; call < 5; call += 1) {
        const response = await from('10.0.2.1', newLicenseKey());
        assert.equal(response.statusCode, 404, response.body);
      }
      const refused = await from('10.0.2.1', newLicenseKey());
      assertLimited(refused, 60);
      assert.equal(refused.headers['access-control-allow-origin'], '*');
      assert.equal((await from('10.0.2.2', newLicenseKey())).statusCode, 404);
    });
  },
  {
    env: { LICENSE_CALLS_PER_KEY_PER_MINUTE: '3', LICENSE_CALLS_PER_ADDRESS_PER_MINUTE: '5' },
  },
);

const redisUrl = process.env.TEST_REDIS_URL;
describe(
  'public license API rate limits shared by two instances through Redis',
  { skip: redisUrl ? false : 'needs a reachable Redis: set TEST_REDIS_URL' },
  () => {
    const kind = databaseKinds().at(-1)!;
    // Counters of this run only: other runs may share the Redis.
    const prefix = `test-license-rl:${randomBytes(4).toString('hex')}:`;
    const apps: Suite[] = [];
    before(async () => {
      for (let instance = 0; instance < 2; instance += 1) {
        // Each instance with its own connection, as separate processes; the apps close them.
        const limits = new RedisRateLimitStore(redisUrl!, prefix);
        apps.push(
          await startApp(kind, {
            env: { REDIS_URL: redisUrl!, LICENSE_CALLS_PER_KEY_PER_MINUTE: '3' },
            build: { limits },
          }),
        );
      }
    });
    after(async () => {
      for (const suite of apps) await suite.close();
    });

    it("counts one key's calls on every instance together", async () => {
      const key = newLicenseKey();
      const call = (suite: Suite) =>
        licenseCall(suite.app, 'validate', { key, instanceId: randomUUID() });
      for (const suite of [apps[0]!, apps[1]!, apps[0]!]) {
        assert.equal((await call(suite)).statusCode, 404);
      }
      assertLimited(await call(apps[1]!), 60);
      // What Redis holds is the key's keyed hash, never the key.
      const redis = new Redis(redisUrl!);
      const names = await redis.keys(`${prefix}license-key:*`).finally(() => redis.quit());
      assert.equal(names.length, 1);
      assert.ok(!names[0]!.includes(key) && !names[0]!.includes(key.split('-')[0]!));
    });
  },
);
