import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { S3Storage } from '../../src/infrastructure/storage/s3-storage.ts';
import { PASSWORD, signUp, signedInUser, uniqueEmail } from '../helpers/accounts.ts';
import { describeEachDatabase, startApp, type Suite } from '../helpers/app.ts';
import { dataUrl, type ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import {
  buy,
  checkout,
  createProducts,
  markLocalSessionPaid,
  sendCompletedWebhook,
} from '../helpers/checkout.ts';
import { downloadTicket, fetchLink } from '../helpers/downloads.ts';
import { reading, sample, scrape } from '../helpers/metrics.ts';
import { startFakeS3, type FakeS3 } from '../services/storage/fake-s3.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';

const WEBHOOK_SECRET = 'metrics-test-local-webhook-secret';
const TOKEN = 'metrics-token-for-the-tests-0123';

describeEachDatabase(
  'GET /api/metrics',
  (suite) => {
    it('serves Prometheus text with the process metrics', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/api/metrics' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      assert.equal(response.headers['cache-control'], 'no-store');
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
      ]) {
        assert.match(response.body, new RegExp(`^${name} `, 'm'), name);
      }
    });

    it('counts and times requests per method, route pattern and status, never per URL', async () => {
      const id = randomUUID();
      const unknownPath = `/api/nothing-${randomUUID()}`;
      const before = await scrape(suite.app);
      await suite.app.inject({ method: 'GET', url: `/api/orders/${id}` });
      await suite.app.inject({ method: 'GET', url: `/api/orders/${id}` });
      await suite.app.inject({ method: 'GET', url: unknownPath });
      await suite.app.inject({ method: 'GET', url: '/api/health' });
      const text = await scrape(suite.app);

      const orders = { method: 'GET', route: '/api/orders/:id', status: '401' };
      assert.equal(
        sample(text, 'http_requests_total', orders) - sample(before, 'http_requests_total', orders),
        2,
      );
      assert.equal(
        sample(text, 'http_request_duration_seconds_count', orders) -
          sample(before, 'http_request_duration_seconds_count', orders),
        2,
      );
      assert.ok(sample(text, 'http_request_duration_seconds_sum', orders) > 0);
      const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
      assert.equal(
        sample(text, 'http_requests_total', unmatched) -
          sample(before, 'http_requests_total', unmatched),
        1,
      );
      const health = { method: 'GET', route: '/api/health', status: '200' };
      assert.ok(sample(text, 'http_requests_total', health) >= 1);
      assert.ok(!text.includes(id), 'a raw URL became a label');
      assert.ok(!text.includes(unknownPath), 'a raw URL became a label');
    });

    it('counts a completed order once, however many confirmations race for it', async () => {
      const [product] = await createProducts(suite.app, [12]);
      const { client } = await signedInUser(suite.app);
      const completedBefore = await reading(suite.app, 'store_orders_completed_total');

      await buy(suite.app, client, [{ product }]);
      assert.equal(await reading(suite.app, 'store_orders_completed_total'), completedBefore + 1);

      const session = await checkout(client, [{ product }]);
      await markLocalSessionPaid(suite.app, session.id);
      const webhook = sendCompletedWebhook(suite.app, WEBHOOK_SECRET, session.id);
      const confirmations = Array.from({ length: 10 }, () =>
        client.post('/api/payments/checkout-success', { sessionId: session.id }),
      );
      for (const answer of await Promise.all([webhook, ...confirmations])) {
        assert.equal(answer.statusCode, 200, answer.body);
      }
      assert.equal(await reading(suite.app, 'store_orders_completed_total'), completedBefore + 2);
    });

    it('counts files the api streams, not the links it hands out or hands out again', async () => {
      const [product] = await createProducts(suite.app, [5], {
        originalAsset: dataUrl('text/plain', 'downloadable bytes'),
      });
      const { client } = await signedInUser(suite.app);
      await buy(suite.app, client, [{ product }]);
      const served = () => reading(suite.app, 'store_downloads_served_total', { via: 'api' });
      const start = await served();

      const ticket = await downloadTicket(client, product.id);
      assert.equal(await served(), start);
      const file = await fetchLink(suite.app, ticket.downloadUrl);
      assert.equal(file.statusCode, 200);
      assert.equal(await served(), start + 1);
      // A resumed transfer is one more file response.
      const rest = await fetchLink(suite.app, ticket.downloadUrl, { range: 'bytes=5-' });
      assert.equal(rest.statusCode, 206);
      assert.equal(await served(), start + 2);
      // The same link again within the reuse window costs and serves nothing.
      assert.deepEqual(await downloadTicket(client, product.id), ticket);
      assert.equal(await served(), start + 2);
      const refused = await fetchLink(suite.app, `${ticket.downloadUrl}x`);
      assert.equal(refused.statusCode, 403);
      assert.equal(await served(), start + 2);
    });
  },
  { env: { LOCAL_WEBHOOK_SECRET: WEBHOOK_SECRET } },
);

describe('GET /api/metrics: abuse-limit refusals', () => {
  let suite: Suite;
  before(async () => {
    suite = await startApp('pglite', {
      env: {
        LOGIN_MAX_FAILURES: '1',
        FORGOT_PASSWORD_PER_HOUR: '1',
        RESEND_VERIFICATION_PER_HOUR: '1',
        SIGNUP_PER_HOUR: '1',
        COUPON_VALIDATIONS_PER_10_MINUTES: '1',
        DOWNLOAD_LINKS_PER_MINUTE: '1',
      },
    });
  });
  after(() => suite?.close());

  it('counts each 429 once under the name of its limit', async () => {
    const { client, email } = await signedInUser(suite.app);
    const twice = async (call: () => Promise<{ statusCode: number }>) => {
      await call();
      assert.equal((await call()).statusCode, 429);
    };
    const anonymous = new TestClient(suite.app);
    await twice(() =>
      anonymous.post('/api/auth/login', {
        email,
        password: `${PASSWORD}-wrong`,
        rememberMe: false,
      }),
    );
    await twice(() => anonymous.post('/api/auth/forgot-password', { email }));
    await twice(() => anonymous.post('/api/auth/resend-verification', { email }));
    await assert.rejects(signUp(suite.app, uniqueEmail()), /429/);
    await twice(() => client.post('/api/coupons/validate', { code: 'NOPE1234' }));
    await twice(() => client.get(`/api/products/download/${randomUUID()}`));

    const text = await scrape(suite.app);
    const limits = ['login', 'forgot-password', 'resend-verification', 'signup', 'coupon'];
    for (const limit of [...limits, 'download']) {
      assert.equal(sample(text, 'store_rate_limit_refusals_total', { limit }), 1, limit);
    }
    const refused = { method: 'POST', route: '/api/auth/login', status: '429' };
    assert.equal(sample(text, 'http_requests_total', refused), 1);
  });
});

describe('GET /api/metrics: downloads served by S3', () => {
  let fake: FakeS3;
  let storage: S3Storage;
  let suite: Suite;
  let product: ProductJson;
  before(async () => {
    fake = await startFakeS3('store-metrics');
    storage = new S3Storage({
      bucket: 'store-metrics',
      endpoint: fake.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
    suite = await startApp('pglite', { build: { storage } });
    [product] = await createProducts(suite.app, [8]);
  });
  after(async () => {
    await suite?.close();
    await storage?.close();
    await fake?.close();
  });

  it('counts a new presigned link (the api never sees it fetched), not its reuse', async () => {
    const { client } = await signedInUser(suite.app);
    await buy(suite.app, client, [{ product }]);
    const served = () => reading(suite.app, 'store_downloads_served_total', { via: 'storage' });
    const start = await served();
    const ticket = await downloadTicket(client, product.id);
    assert.equal(new URL(ticket.downloadUrl).origin, fake.endpoint);
    assert.equal(await served(), start + 1);
    await downloadTicket(client, product.id);
    assert.equal(await served(), start + 1);
  });
});

describe('GET /api/metrics: protection', () => {
  const apps: Suite[] = [];
  after(async () => {
    for (const suite of apps) await suite.close();
  });
  const start = async (env: Record<string, string>) => {
    const suite = await startApp('pglite', { env });
    apps.push(suite);
    return suite;
  };

  it('does not exist in production without METRICS_TOKEN', async () => {
    const suite = await start(PRODUCTION_ENV);
    const response = await suite.app.inject({ method: 'GET', url: '/api/metrics' });
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /http_requests_total/);
  });

  for (const [mode, env] of [
    ['production', PRODUCTION_ENV],
    ['development', { NODE_ENV: 'development', SEED_DEMO_CATALOG: 'false' }],
  ] as const) {
    it(`wants the bearer token when METRICS_TOKEN is set (${mode})`, async () => {
      const suite = await start({ ...env, METRICS_TOKEN: TOKEN });
      const ask = (authorization?: string) =>
        suite.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: authorization ? { authorization } : {},
        });
      for (const wrong of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
        const refused = await ask(wrong);
        assert.equal(refused.statusCode, 401, String(wrong));
        assert.match(String(refused.headers['www-authenticate']), /^Bearer/);
        assert.doesNotMatch(refused.body, /http_requests_total/);
      }
      const allowed = await ask(`Bearer ${TOKEN}`);
      assert.equal(allowed.statusCode, 200);
      assert.match(allowed.body, /^# HELP http_requests_total/m);
    });
  }

  it('keeps one registry per app: two apps in a process count apart', async () => {
    const first = await start({});
    const second = await start({});
    const health = { method: 'GET', route: '/api/health', status: '200' };
    for (let i = 0; i < 3; i += 1) await first.app.inject({ method: 'GET', url: '/api/health' });
    await second.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(await reading(first.app, 'http_requests_total', health), 3);
    assert.equal(await reading(second.app, 'http_requests_total', health), 1);
  });
});
