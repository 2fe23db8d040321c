import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PNG_DATA_URL, dataUrl } from '../helpers/catalog.ts';
import { logIn, signUpAndLogIn, type Account } from '../scale-out/accounts.ts';
import {
  PROCESS_SUITE_TIMEOUT_MS,
  inParallel,
  refusedConnection,
  requestInFlight,
  sleep,
} from '../scale-out/load.ts';
import { createApiProcess, type ApiProcess, type ProcessDatabase } from './api-process.ts';
import { assertPurchases, demoProducts, pressPay, type CatalogProduct } from './purchases.ts';

const SHOPPERS = 10;
const PRODUCTS_EACH = 5; // 50 checkouts
const KILL_AFTER_STEPS = 70; // of 150 (create, pay, confirm per checkout)
const guard = { timeout: PROCESS_SUITE_TIMEOUT_MS };
const kinds: ProcessDatabase[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

interface Flow {
  shopper: Account;
  productId: string;
  sessionId: string | null;
  /** The last step that got an answer. */
  reached: 'none' | 'created' | 'paid' | 'confirmed';
}

function outboxSubjects(dataDir: string): string[] {
  const folder = path.join(dataDir, 'outbox');
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        (JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as { subject: string })
          .subject,
    );
}

for (const kind of kinds) {
  describe(`faults: the api process killed and stopped [${kind}]`, guard, () => {
    let api: ApiProcess;
    let catalog: CatalogProduct[];
    const shoppers: Account[] = [];

    before(async () => {
      api = await createApiProcess({ kind, adminUrl: process.env.TEST_DATABASE_URL });
      await api.start();
      catalog = await demoProducts(api.url);
      const emails = Array.from({ length: SHOPPERS }, (_, i) => `kill${i}@${api.runId}.test`);
      shoppers.push(...(await inParallel(emails, 3, (email) => signUpAndLogIn(api.url, email))));
    });

    after(async () => {
      await api?.close();
    });

    const createCheckout = (flow: Flow) =>
      flow.shopper.client.post<{ id: string }>('/api/payments/create-checkout-session', {
        products: [{ _id: flow.productId, quantity: 1 }],
        couponCode: null,
      });
    const confirm = (flow: Flow) =>
      flow.shopper.client.post<{ orderId: string }>('/api/payments/checkout-success', {
        sessionId: flow.sessionId,
      });

    it('loses and doubles no order when killed (SIGKILL) during 50 concurrent checkouts', async (t) => {
      const wanted = new Map<string, string[]>();
      const flows: Flow[] = [];
      for (const shopper of shoppers) {
        const productIds = catalog.slice(0, PRODUCTS_EACH).map((product) => product.id);
        wanted.set(shopper.id, productIds);
        for (const productId of productIds) {
          const added = await shopper.client.post('/api/cart', { productId });
          assert.equal(added.status, 200, added.text);
          flows.push({ shopper, productId, sessionId: null, reached: 'none' });
        }
      }

      let steps = 0;
      let killing: Promise<unknown> | null = null;
      const step = () => {
        steps += 1;
        if (steps === KILL_AFTER_STEPS) killing = api.stop('SIGKILL');
      };
      const run = async (flow: Flow) => {
        try {
          const created = await createCheckout(flow);
          assert.equal(created.status, 200, created.text);
          flow.sessionId = created.body.id;
          flow.reached = 'created';
          step();
          const paid = await pressPay(api.url, flow.sessionId);
          assert.equal(paid.status, 303);
          flow.reached = 'paid';
          step();
          const confirmed = await confirm(flow);
          assert.equal(confirmed.status, 200, confirmed.text);
          flow.reached = 'confirmed';
          step();
        } catch (error) {
          // Only the kill may interrupt a checkout: the connection is gone, no answer came.
          if (error instanceof assert.AssertionError) throw error;
          assert.ok(killing, `a checkout failed before the kill: ${String(error)}`);
        }
      };
      await Promise.all(flows.map(run));
      assert.ok(killing, 'the kill happened during the checkouts');
      assert.deepEqual(await killing, { code: null, signal: 'SIGKILL' });
      const stages = (['none', 'created', 'paid', 'confirmed'] as const).map(
        (stage) => [stage, flows.filter((flow) => flow.reached === stage).length] as const,
      );
      t.diagnostic(
        `at the kill: ${stages.map(([stage, count]) => `${count} ${stage}`).join(', ')}`,
      );
      assert.ok(stages[3]![1] < flows.length, 'some checkouts were cut short');

      const restartedAt = Date.now();
      await api.start();
      t.diagnostic(`restarted in ${Date.now() - restartedAt} ms`);
      if (kind === 'postgres') {
        // Nobody returns: the start-up sweep completes what was paid before the kill.
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await api.query<{ stuck: number }>(
            `select count(*)::int as stuck from orders o
               join local_checkout_sessions s on s.id = o.provider_session_id
              where o.status = 'pending' and s.payment_status = 'paid'`,
          );
          if (row!.stuck === 0) break;
          assert.ok(Date.now() < deadline, `${row!.stuck} paid orders still pending`);
          await sleep(200);
        }
      }

      // Every shopper comes back: a lost checkout is started again, an unpaid one paid, and the
      // success page reloaded.
      await inParallel(flows, 10, async (flow) => {
        if (!flow.sessionId) {
          const created = await createCheckout(flow);
          assert.equal(created.status, 200, created.text);
          flow.sessionId = created.body.id;
        }
        let confirmed = await confirm(flow);
        if (confirmed.status === 400) {
          assert.match(confirmed.text, /Payment has not been completed/);
          assert.equal((await pressPay(api.url, flow.sessionId)).status, 303);
          confirmed = await confirm(flow);
        }
        assert.equal(confirmed.status, 200, confirmed.text);
      });

      if (kind === 'pglite') {
        // The embedded database is read from outside only with the process stopped.
        assert.deepEqual(await api.stop('SIGTERM'), { code: 0, signal: null }, api.logs());
      }
      const orders = await assertPurchases(api, wanted, catalog);
      t.diagnostic(
        `${orders.completed} completed, ${orders.pending} pending (checkouts cut before their ` +
          `session was returned), ${orders.failed} failed`,
      );
      assert.equal(orders.completed, SHOPPERS * PRODUCTS_EACH);
      const confirmations = outboxSubjects(api.dataDir).filter((subject) =>
        subject.includes('is confirmed'),
      );
      assert.equal(new Set(confirmations).size, confirmations.length, 'no order mailed twice');
      if (kind === 'pglite') await api.start();
    });

    it('drains a slow request on SIGTERM, answers it and exits 0 with the database closed', async () => {
      const admin = await logIn(api.url, 'admin@example.com', 'Admin#2026');
      const options = await admin.client.get<{
        data: { categories: { id: string }[]; assetTypes: { id: string }[] };
      }>('/api/dropdown/all');
      const name = `Uploaded during shutdown ${api.runId}`;
      const body = JSON.stringify({
        name,
        description: 'Its body was still arriving when SIGTERM came',
        price: 12.5,
        categoryId: options.body.data.categories[0]!.id,
        assetTypeId: options.body.data.assetTypes[0]!.id,
        previewImage: PNG_DATA_URL,
        originalAsset: dataUrl('application/zip', Buffer.alloc(256 * 1024, 1)),
        fileName: 'pack.zip',
      });
      const cookie = [...admin.client.cookies]
        .filter(([, value]) => value.path === '/')
        .map(([key, value]) => `${key}=${value.value}`)
        .join('; ');
      const upload = await requestInFlight(`${api.url}/api/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: api.url, cookie },
        body,
        sentFirst: 1000,
      });
      const exiting = api.stop('SIGTERM');
      const refused = await refusedConnection(Number(new URL(api.url).port));
      assert.equal(refused, 'ECONNREFUSED', 'a stopping api takes no new connections');
      const response = await upload.finish();
      assert.equal(response.status, 201, response.text);
      assert.equal(response.connection, 'close');
      assert.deepEqual(await exiting, { code: 0, signal: null }, api.logs());

      if (kind === 'pglite') {
        assert.ok(
          !fs.existsSync(path.join(api.dataDir, 'pglite.lock')),
          'the embedded database was closed (its lock released)',
        );
      } else {
        const deadline = Date.now() + 3_000;
        for (;;) {
          const [row] = await api.query<{ open: number }>(
            `select count(*)::int as open from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
          );
          if (row!.open === 0) break;
          assert.ok(Date.now() < deadline, `${row!.open} connections left open`);
          await sleep(50);
        }
      }
      const rows = await api.query<{ file_size: number }>(
        'select file_size::int as file_size from products where name = $1',
        [name],
      );
      assert.deepEqual(rows, [{ file_size: 256 * 1024 }], 'the drained request committed');
    });
  });
}
