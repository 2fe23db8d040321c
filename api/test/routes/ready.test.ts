import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MemoryCacheStore } from '../../src/infrastructure/cache.ts';
import { RedisRateLimitStore } from '../../src/infrastructure/rate-limit-store.ts';
import { S3Storage } from '../../src/infrastructure/storage/s3-storage.ts';
import { TEST_ENV, describeEachDatabase, startApp, type Suite } from '../helpers/app.ts';
import { databaseKinds, openTestDatabase } from '../helpers/databases.ts';
import { freePort } from '../scale-out/cluster.ts';
import { startFakeSmtp } from '../faults/fake-smtp.ts';
import { startFakeS3, type FakeS3 } from '../services/storage/fake-s3.ts';

interface ReadyJson {
  status: string;
  checks: Record<string, string>;
}

const PASSWORD_IN_URL = 'pw-that-must-never-show';

async function ready(suite: Pick<Suite, 'app'>) {
  const started = performance.now();
  const response = await suite.app.inject({ method: 'GET', url: '/api/ready' });
  return { response, body: response.json<ReadyJson>(), ms: performance.now() - started };
}

function assertNoSecret(response: LightMyRequestResponse) {
  assert.ok(
    !response.body.includes(PASSWORD_IN_URL),
    `the answer shows a password: ${response.body}`,
  );
  assert.doesNotMatch(response.body, /:\/\//, 'the answer shows a URL');
}

describeEachDatabase('GET /api/ready', (suite) => {
  it('answers ready when the database, the storage folder and the outbox answer', async () => {
    const { response, body } = await ready(suite);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body, {
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', mail: 'ok' },
    });
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.ok(response.headers['x-request-id']);
  });

  it('tells a stranger only the status, a limited number of times', async () => {
    const stranger = (headers: Record<string, string> = {}) =>
      suite.app.inject({
        method: 'GET',
        url: '/api/ready',
        remoteAddress: '203.0.113.9',
        headers,
      });
    const answer = await stranger();
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { status: 'ready' });
    // Forwarded by a proxy on this machine: a visitor, not the machine itself.
    const forwarded = await suite.app.inject({
      method: 'GET',
      url: '/api/ready',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    assert.deepEqual(forwarded.json(), { status: 'ready' });
    for (let check = 1; check < suite.config.limits.readyChecks.max; check += 1) {
      assert.equal((await stranger()).statusCode, 200);
    }
    const limited = await stranger();
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().message, 'Too many readiness checks. Please try again later.');
    // The machine's own probe is neither limited nor kept from the details.
    const { response, body } = await ready(suite);
    assert.equal(response.statusCode, 200);
    assert.ok(body.checks);
  });

  it('tells the details to a caller with METRICS_TOKEN as its Bearer token', async () => {
    const token = 'operator-token-for-the-tests-01';
    const withToken = await startApp(suite.kind, { env: { METRICS_TOKEN: token } });
    try {
      const ask = (authorization: string) =>
        withToken.app.inject({
          method: 'GET',
          url: '/api/ready',
          remoteAddress: '203.0.113.9',
          headers: { authorization },
        });
      assert.deepEqual((await ask(`Bearer ${token}`)).json<ReadyJson>().checks, {
        database: 'ok',
        storage: 'ok',
        mail: 'ok',
      });
      assert.deepEqual((await ask('Bearer not-the-token')).json(), { status: 'ready' });
    } finally {
      await withToken.close();
    }
  });

  it('stays live while unready: /api/health asks nothing of the dependencies', async () => {
    const health = await suite.app.inject({ method: 'GET', url: '/api/health' });
    assert.deepEqual(health.json(), { status: 'ok', payments: 'simulated' });
  });
});

for (const kind of databaseKinds()) {
  describe(`GET /api/ready with a dependency down [${kind}]`, () => {
    it('answers 503 naming the database when it stops answering', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-ready-'));
      const database = await openTestDatabase(kind);
      const app = await buildApp(loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), { database });
      await app.ready();
      await app.paymentSweep;
      try {
        await database.close();
        const { response, body } = await ready({ app });
        assert.equal(response.statusCode, 503);
        assert.equal(body.status, 'unavailable');
        assert.notEqual(body.checks.database, 'ok');
        assert.equal(body.checks.storage, 'ok');
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('GET /api/ready: storage, mail and Redis', () => {
  it('answers 503 naming the storage when its folder cannot be written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-ready-'));
    const suite = await startApp('pglite', { env: { DATA_DIR: dataDir } });
    try {
      // The folder's place is taken by a file: nothing can be stored.
      fs.rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
      fs.writeFileSync(path.join(dataDir, 'files'), 'in the way');
      const { response, body } = await ready(suite);
      assert.equal(response.statusCode, 503);
      assert.equal(body.status, 'unavailable');
      assert.equal(body.checks.database, 'ok');
      assert.match(body.checks.storage!, /EEXIST|ENOTDIR/);
    } finally {
      await suite.close();
    }
  });

  describe('on S3', () => {
    let fake: FakeS3;
    before(async () => {
      fake = await startFakeS3('store-ready');
    });
    after(() => fake.close());

    for (const [bucket, expected] of [
      ['store-ready', 200],
      ['missing-bucket', 503],
    ] as const) {
      it(`asks the bucket (${bucket}: ${expected})`, async () => {
        const storage = new S3Storage({
          bucket,
          endpoint: fake.endpoint,
          region: 'us-east-1',
          accessKeyId: 'test-key',
          secretAccessKey: 'test-secret',
        });
        const suite = await startApp('pglite', { build: { storage } });
        try {
          const { response, body } = await ready(suite);
          assert.equal(response.statusCode, expected, response.body);
          assert.equal(body.checks.storage === 'ok', expected === 200);
          assert.ok(fake.requests.some((request) => request.url.startsWith(`/${bucket}`)));
        } finally {
          await suite.close();
          await storage.close();
        }
      });
    }
  });

  describe('with an SMTP relay', () => {
    const smtp = { relay: null as Awaited<ReturnType<typeof startFakeSmtp>> | null };
    let suite: Suite;
    before(async () => {
      smtp.relay = await startFakeSmtp();
      // Credentials in the URL, as a real relay's: they must never reach the answer.
      const url = new URL(smtp.relay.url);
      url.username = 'store';
      url.password = PASSWORD_IN_URL;
      suite = await startApp('pglite', { env: { SMTP_URL: url.toString() } });
    });
    after(async () => {
      await suite?.close();
      await smtp.relay?.close();
    });

    it('reports a relay that refuses connections, but stays ready (mail waits in the queue)', async () => {
      await smtp.relay!.set('down');
      const { response, body } = await ready(suite);
      assert.equal(response.statusCode, 200);
      assert.equal(body.status, 'degraded');
      assert.equal(body.checks.database, 'ok');
      assert.match(body.checks.mail!, /ECONNREFUSED/);
      assertNoSecret(response);
    });

    it('gives up on a hung relay within its time bound', async () => {
      await smtp.relay!.set('hung');
      const { response, body, ms } = await ready(suite);
      assert.equal(response.statusCode, 200);
      assert.equal(body.checks.mail, 'no answer within 2000 ms');
      assert.ok(ms >= 1_900 && ms < 3_500, `answered after ${Math.round(ms)} ms`);
      assertNoSecret(response);
    });
  });

  it('verifies a relay that answers', async () => {
    const relay = await startFakeSmtp();
    await relay.set('up');
    const suite = await startApp('pglite', { env: { SMTP_URL: relay.url } });
    try {
      const { response, body } = await ready(suite);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body, {
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', mail: 'ok' },
      });
    } finally {
      await suite.close();
      await relay.close();
    }
  });

  it('answers 503 naming Redis when it is configured and unreachable', async () => {
    const port = await freePort();
    const redisUrl = `redis://:${PASSWORD_IN_URL}@127.0.0.1:${port}`;
    const limits = new RedisRateLimitStore(
      redisUrl,
      `test-ready:${randomBytes(4).toString('hex')}:`,
    );
    // The catalog cache would hold up the start on a missing Redis; the limits are the probe.
    const suite = await startApp('pglite', {
      env: { REDIS_URL: redisUrl },
      build: { limits, cache: new MemoryCacheStore() },
    });
    try {
      const { response, body, ms } = await ready(suite);
      assert.equal(response.statusCode, 503);
      assert.equal(body.status, 'unavailable');
      assert.equal(body.checks.database, 'ok');
      assert.notEqual(body.checks.redis, 'ok');
      assert.ok(ms < 3_500, `answered after ${Math.round(ms)} ms`);
      assertNoSecret(response);
    } finally {
      await suite.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it(
    'pings Redis when it is configured',
    { skip: !redisUrl && 'TEST_REDIS_URL is not set' },
    async () => {
      const prefix = `test-ready:${randomBytes(4).toString('hex')}:`;
      const limits = new RedisRateLimitStore(redisUrl!, `${prefix}rl:`);
      const suite = await startApp('pglite', {
        env: { REDIS_URL: redisUrl! },
        build: { limits, cache: new MemoryCacheStore() },
      });
      try {
        const { response, body } = await ready(suite);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(body.checks.redis, 'ok');
      } finally {
        await suite.close();
      }
    },
  );
});
