import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS } from '../../src/demo-data/catalog-data.ts';
import { signLocalWebhook } from '../../src/checkout/providers/local.ts';
import { logIn, outbox, PASSWORD, signUpAndLogIn, type Account } from './accounts.ts';
import { createCluster, LOCAL_WEBHOOK_SECRET, type Cluster } from './cluster.ts';
import { HttpClient, type Answer } from './http-client.ts';
import {
  PROCESS_SUITE_TIMEOUT_MS,
  inParallel,
  refusedConnection,
  requestInFlight,
  shuffled,
  sleep,
  steadyTraffic,
} from './load.ts';

const INSTANCES = 3;
const LOGIN_MAX_FAILURES = 10; // the default, as one instance runs it
const missing = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
const skip = missing.length
  ? `needs a reachable PostgreSQL and Redis: set ${missing.join(' and ')}`
  : false;

interface SeededProduct {
  id: string;
  file_size: number;
  max_downloads: number;
  is_featured: boolean;
}

interface Checkout {
  shopper: Account;
  productId: string;
  sessionId: string;
}

describe(
  `scale-out: ${INSTANCES} api processes on one PostgreSQL and one Redis`,
  { skip, timeout: PROCESS_SUITE_TIMEOUT_MS },
  () => {
    let cluster: Cluster;
    let startupMs = 0;
    let products: SeededProduct[] = [];
    const shoppers: Account[] = [];
    const email = (name: string) => `${name}@${cluster.runId}.test`;
    const proxyClient = () => new HttpClient(cluster.proxy.url);

    before(async () => {
      cluster = await createCluster({
        size: INSTANCES,
        adminUrl: process.env.TEST_DATABASE_URL!,
        redisUrl: process.env.TEST_REDIS_URL!,
        // Reuse of a rotated refresh token is detected after 1 s instead of 10.
        env: { REFRESH_GRACE_SECONDS: '1' },
      });
      const startedAt = Date.now();
      // All at the same moment, on a database without a single table.
      await Promise.all(cluster.instances.map((instance) => cluster.start(instance.index)));
      startupMs = Date.now() - startedAt;
      const { rows } = await cluster.db.query<SeededProduct>(
        `select id, file_size::int as file_size, max_downloads, is_featured
           from products where deleted_at is null order by created_at desc, id`,
      );
      products = rows;
    });

    after(async () => {
      await cluster?.close();
    });

    /** Orders, grants, coupons and confirmation mails of the shoppers: all a repeat could touch. */
    async function purchaseState() {
      const ids = shoppers.map((shopper) => shopper.id);
      const [orders, grants, coupons] = await Promise.all([
        cluster.db.query(
          `select id, status, completed_at from orders where user_id = any($1) order by id`,
          [ids],
        ),
        cluster.db.query(
          `select user_id, product_id, order_id, remaining_downloads, max_downloads, updated_at
             from purchased_products where user_id = any($1) order by user_id, product_id`,
          [ids],
        ),
        cluster.db.query(
          `select id, kind, consumed_at, replaced_at from coupons where user_id = any($1) order by id`,
          [ids],
        ),
      ]);
      const emails = new Set(shoppers.map((shopper) => shopper.email));
      const mails = (await outbox(cluster.proxy.url)).filter(
        (mail) => emails.has(mail.to) && mail.subject.includes('is confirmed'),
      );
      return { orders: orders.rows, grants: grants.rows, coupons: coupons.rows, mails };
    }

    async function openCheckouts(productIds: string[]): Promise<Checkout[]> {
      const perShopper = await Promise.all(
        shoppers.map((shopper) =>
          inParallel(productIds, 1, async (productId) => {
            const answer = await shopper.client.post<{ id: string }>(
              '/api/payments/create-checkout-session',
              { products: [{ _id: productId, quantity: 1 }], couponCode: null },
            );
            assert.equal(answer.status, 200, answer.text);
            return { shopper, productId, sessionId: answer.body.id };
          }),
        ),
      );
      const checkouts = perShopper.flat();
      // The provider's side: the shopper paid on the hosted page, whose return never arrived.
      await cluster.db.query(
        `update local_checkout_sessions
            set status = 'complete', payment_status = 'paid', completed_at = now()
          where id = any($1)`,
        [checkouts.map((checkout) => checkout.sessionId)],
      );
      return checkouts;
    }

    async function ordersOf(checkouts: Checkout[]) {
      const { rows } = await cluster.db.query<{ id: string; session: string; status: string }>(
        `select id, provider_session_id as session, status from orders
          where provider_session_id = any($1)`,
        [checkouts.map((checkout) => checkout.sessionId)],
      );
      return new Map(rows.map((row) => [row.session, row]));
    }

    const confirm = (checkout: Checkout) =>
      checkout.shopper.client.post<{ orderId: string }>('/api/payments/checkout-success', {
        sessionId: checkout.sessionId,
      });

    it('starts every instance at once on an empty database: migrations once, seed once', async (t) => {
      t.diagnostic(`${INSTANCES} instances ready ${startupMs} ms after the simultaneous start`);
      const journal = JSON.parse(
        fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await cluster.db.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations',
      );
      assert.equal(applied.rows.length, journal.entries.length, 'one row per migration');
      assert.equal(new Set(applied.rows.map((row) => row.hash)).size, journal.entries.length);
      for (const instance of cluster.instances) {
        const health = await fetch(`${instance.url}/api/health`);
        assert.equal(health.status, 200, `instance ${instance.index} is ready`);
      }

      assert.equal(products.length, SEED_PRODUCTS.length, 'every demo product, once');
      const counts = await cluster.db.query<{ categories: number; demo: number; welcome: number }>(
        `select (select count(*)::int from categories) as categories,
                (select count(*)::int from users
                  where email in ('admin@example.com', 'shopper@example.com')) as demo,
                (select count(*)::int from coupons c join users u on u.id = c.user_id
                  where u.email = 'shopper@example.com' and c.kind = 'welcome') as welcome`,
      );
      assert.deepEqual(counts.rows[0], {
        categories: SEED_CATEGORIES.length,
        demo: 2,
        welcome: 1,
      });
    });

    it('keeps one session across instances: sign-up, verification, login, signed-in calls', async () => {
      const account = await signUpAndLogIn(cluster.proxy.url, email('journey'));
      const product = products[0]!;
      const put = await account.client.put(`/api/cart/${product.id}`, { quantity: 2 });
      assert.equal(put.status, 200, put.text);

      const upstreams = new Set<number>();
      for (let call = 0; call < 2 * INSTANCES; call += 1) {
        const profile = await account.client.get<{ email: string }>('/api/auth/profile');
        assert.equal(profile.status, 200, profile.text);
        assert.equal(profile.body.email, account.email);
        const cart = await account.client.get<{ id: string; quantity: number }[]>('/api/cart');
        assert.equal(cart.status, 200, cart.text);
        assert.deepEqual(
          cart.body.map((line) => [line.id, line.quantity]),
          [[product.id, 2]],
        );
        upstreams.add(profile.upstream).add(cart.upstream);
      }
      assert.equal(upstreams.size, INSTANCES, 'the calls landed on every instance');
    });

    it('rotates refresh tokens and detects their reuse across instances as one instance does', async () => {
      const account = await signUpAndLogIn(cluster.proxy.url, email('refresh'));
      const { client } = account;
      const original = client.cookie('refreshToken')!;

      const rotated = await client.post('/api/auth/refresh-token');
      assert.equal(rotated.status, 200, rotated.text);
      const successor = client.cookie('refreshToken')!;
      assert.notEqual(successor, original);

      // A second tab replays the old token on the next instance inside the grace window.
      const tab = new HttpClient(cluster.proxy.url);
      tab.setCookie('refreshToken', original, '/api/auth');
      const replay = await tab.post('/api/auth/refresh-token');
      assert.equal(replay.status, 200, replay.text);
      assert.notEqual(replay.upstream, rotated.upstream);
      assert.equal(tab.cookie('refreshToken'), successor, 'the same successor everywhere');

      // Parallel refreshes of one token over every instance: one rotation, one successor.
      const tabs = Array.from({ length: 2 * INSTANCES }, () => client.copy());
      const parallel = await Promise.all(tabs.map((copy) => copy.post('/api/auth/refresh-token')));
      assert.deepEqual(
        parallel.map((answer) => answer.status),
        tabs.map(() => 200),
      );
      assert.equal(new Set(parallel.map((answer) => answer.upstream)).size, INSTANCES);
      const successors = new Set(tabs.map((copy) => copy.cookie('refreshToken')));
      assert.equal(successors.size, 1);
      assert.ok(!successors.has(successor));
      client.setCookie('refreshToken', [...successors][0]!, '/api/auth');

      await sleep(1_200); // past REFRESH_GRACE_SECONDS=1
      const thief = new HttpClient(cluster.proxy.url);
      thief.setCookie('refreshToken', original, '/api/auth');
      const reuse = await thief.post<{ message: string }>('/api/auth/refresh-token');
      assert.equal(reuse.status, 401, reuse.text);
      assert.match(reuse.body.message, /revoked/i);
      const owner = await client.post('/api/auth/refresh-token');
      assert.equal(owner.status, 401, 'the family died on every instance');
      for (let call = 0; call < INSTANCES; call += 1) {
        const profile = await client.get('/api/auth/profile');
        assert.equal(
          profile.status,
          401,
          `instance ${profile.upstream} still accepted the session`,
        );
      }
    });

    it('counts failed logins of all instances together: 429 at the one-instance threshold', async () => {
      const account = await signUpAndLogIn(cluster.proxy.url, email('limited'));
      const client = proxyClient();
      const upstreams = new Set<number>();
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        const wrong = await client.post('/api/auth/login', {
          email: account.email,
          password: 'wrong-password',
        });
        assert.equal(wrong.status, 401, `attempt ${attempt + 1}: ${wrong.text}`);
        upstreams.add(wrong.upstream);
      }
      assert.equal(upstreams.size, INSTANCES, 'the failures were spread over every instance');
      for (let call = 0; call < INSTANCES; call += 1) {
        const limited = await client.post('/api/auth/login', {
          email: account.email,
          password: PASSWORD,
        });
        assert.equal(limited.status, 429, `instance ${limited.upstream}: ${limited.text}`);
        assert.ok(Number(limited.headers.get('retry-after')) > 0);
      }

      // Parallel guesses cannot slip past the count between a read and a write.
      const guesses = await Promise.all(
        Array.from({ length: 2 * LOGIN_MAX_FAILURES }, () =>
          proxyClient().post('/api/auth/login', {
            email: email('parallel-guess'),
            password: 'wrong-password',
          }),
        ),
      );
      const statuses = guesses.map((answer) => answer.status).sort();
      assert.deepEqual(statuses, [
        ...Array<number>(LOGIN_MAX_FAILURES).fill(401),
        ...Array<number>(LOGIN_MAX_FAILURES).fill(429),
      ]);
    });

    it('shows a featured toggle made on one instance on every instance at once', async () => {
      const admin = await logIn(cluster.proxy.url, 'admin@example.com', 'Admin#2026');
      const product = products.find((candidate) => !candidate.is_featured)!;
      const featuredOn = async (url: string) => {
        const response = await fetch(`${url}/api/products/featured`);
        assert.equal(response.status, 200);
        const ids = ((await response.json()) as { id: string }[]).map((item) => item.id);
        return { ids, etag: response.headers.get('etag')! };
      };
      const urls = cluster.instances.map((instance) => instance.url);
      // Every instance holds the list in its own memory before the change.
      const warm = await Promise.all(urls.map(featuredOn));
      for (const list of warm) assert.ok(!list.ids.includes(product.id));

      const toggled = await admin.client.patch<{ is_featured: boolean }>(
        `/api/products/${product.id}`,
      );
      assert.equal(toggled.status, 200, toggled.text);
      assert.equal(toggled.body.is_featured, true);
      const seen = await Promise.all(urls.map(featuredOn));
      seen.forEach((list, index) => {
        assert.ok(list.ids.includes(product.id), `instance ${index} shows the toggle at once`);
        assert.notEqual(list.etag, warm[index]!.etag);
      });
      const revalidated = await fetch(
        `${urls[(toggled.upstream + 1) % INSTANCES]}/api/products/featured`,
        {
          headers: { 'if-none-match': warm[0]!.etag },
        },
      );
      assert.equal(revalidated.status, 200, 'the old ETag is stale on another instance');

      const back = await admin.client.patch(`/api/products/${product.id}`);
      assert.equal(back.status, 200, back.text);
      for (const list of await Promise.all(urls.map(featuredOn))) {
        assert.ok(!list.ids.includes(product.id));
      }
    });

    it('completes 50 paid checkouts exactly once under 200 confirmations spread over instances', async (t) => {
      for (let index = 0; index < 5; index += 1) {
        shoppers.push(await signUpAndLogIn(cluster.proxy.url, email(`shopper${index}`)));
      }
      const checkouts = await openCheckouts(products.slice(0, 10).map((product) => product.id));
      assert.equal(checkouts.length, 50);

      const requests = shuffled(
        checkouts.flatMap((checkout) => [checkout, checkout, checkout, checkout]),
      );
      const startedAt = Date.now();
      const answers = await Promise.all(requests.map(confirm));
      t.diagnostic(`200 concurrent confirmations answered in ${Date.now() - startedAt} ms`);

      const orders = await ordersOf(checkouts);
      answers.forEach((answer, index) => {
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.body.orderId, orders.get(requests[index]!.sessionId)!.id);
      });
      assert.equal(new Set(answers.map((answer) => answer.upstream)).size, INSTANCES);
      assert.equal([...orders.values()].filter((order) => order.status === 'completed').length, 50);

      const state = await purchaseState();
      assert.equal(state.grants.length, 50, 'one grant per paid order');
      for (const grant of state.grants) {
        const product = products.find((candidate) => candidate.id === grant.product_id)!;
        assert.equal(grant.max_downloads, product.max_downloads, 'granted once, not twice');
        assert.equal(grant.remaining_downloads, product.max_downloads);
      }
      assert.equal(state.mails.length, 50, 'one confirmation mail per order');

      // The provider's webhook and another success page for every session, on other instances.
      const repeats = await Promise.all(
        checkouts.flatMap((checkout) => {
          const event = {
            id: `evt_${checkout.sessionId}`,
            type: 'checkout.session.completed',
            data: { object: { id: checkout.sessionId } },
          };
          const signature = signLocalWebhook(LOCAL_WEBHOOK_SECRET, JSON.stringify(event));
          return [
            proxyClient().post('/api/payments/webhook', event, { 'local-signature': signature }),
            confirm(checkout),
          ];
        }),
      );
      for (const answer of repeats) assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(await purchaseState(), state, 'the repeats changed nothing');
    });

    it('gives the last remaining download to one request across instances', async () => {
      const shopper = shoppers[0]!;
      const product = products[0]!;
      const ask = () =>
        shopper.client
          .copy()
          .get<{ downloadUrl: string; remainingDownloads: number }>(
            `/api/products/download/${product.id}`,
          );
      const grant = async () =>
        (
          await cluster.db.query<{ id: string; remaining_downloads: number; issued: number }>(
            `select g.id, g.remaining_downloads,
                    (select count(*)::int from downloads d where d.purchased_product_id = g.id) as issued
               from purchased_products g where g.user_id = $1 and g.product_id = $2`,
            [shopper.id, product.id],
          )
        ).rows[0]!;

      // A double click that lands on every instance: one counted download, one URL.
      const clicks = await Promise.all(Array.from({ length: 2 * INSTANCES }, ask));
      for (const click of clicks) assert.equal(click.status, 200, click.text);
      assert.equal(new Set(clicks.map((click) => click.upstream)).size, INSTANCES);
      assert.equal(new Set(clicks.map((click) => click.body.downloadUrl)).size, 1);
      const clicked = await grant();
      assert.equal(clicked.remaining_downloads, product.max_downloads - 1);
      assert.equal(clicked.issued, 1, 'one counted download');
      const url = clicks[0]!.body.downloadUrl;
      assert.ok(url.startsWith(`${cluster.proxy.url}/api/files/downloads/`), url);
      for (let fetches = 0; fetches < 2; fetches += 1) {
        const file = await fetch(url);
        assert.equal(file.status, 200);
        assert.equal((await file.arrayBuffer()).byteLength, product.file_size);
      }

      // One download left and the reuse window long over.
      const { id } = await grant();
      await cluster.db.query(
        `update purchased_products
            set remaining_downloads = 1, last_issued_at = now() - interval '1 hour'
          where id = $1`,
        [id],
      );
      const last = await Promise.all(Array.from({ length: 2 * INSTANCES }, ask));
      const granted = last.filter((answer) => answer.status === 200);
      assert.equal(granted.length, 1, last.map((answer) => answer.status).join(','));
      for (const refused of last.filter((answer) => answer.status !== 200)) {
        assert.equal(refused.status, 403, refused.text);
        assert.match(refused.text, /Download limit reached/);
      }
      assert.equal(new Set(last.map((answer) => answer.upstream)).size, INSTANCES);
      const spent = await grant();
      assert.equal(spent.remaining_downloads, 0);
      assert.equal(spent.issued, 2);
    });

    it('loses and doubles no order when an instance is killed during the checkout load', async (t) => {
      const earlier = await purchaseState();
      const checkouts = await openCheckouts(products.slice(10, 16).map((product) => product.id));
      const victim = INSTANCES - 1;
      const requests = shuffled(
        checkouts.flatMap((checkout) => [checkout, checkout, checkout, checkout]),
      );
      let done = 0;
      let killedAt = Number.POSITIVE_INFINITY;
      let killing: Promise<unknown> | null = null;
      const answers = await inParallel(requests, 12, async (checkout) => {
        const startedAt = Date.now();
        const answer: Answer<{ orderId: string }> = await confirm(checkout);
        done += 1;
        if (done === 24) {
          killing = cluster.stop(victim, 'SIGKILL').then((exit) => {
            killedAt = Date.now();
            return exit;
          });
        }
        return { ...answer, startedAt, checkout };
      });
      assert.deepEqual(await killing, { code: null, signal: 'SIGKILL' });

      const failed = answers.filter((answer) => answer.status !== 200);
      t.diagnostic(`${failed.length} confirmations were in flight on the killed instance`);
      for (const answer of failed) {
        assert.equal(
          answer.upstream,
          victim,
          `a failure elsewhere: ${answer.status} ${answer.text}`,
        );
        assert.ok(answer.startedAt < killedAt, 'only requests already in flight failed');
      }
      const afterKill = answers.filter((answer) => answer.startedAt > killedAt);
      assert.ok(afterKill.length > 20, 'the load went on after the kill');
      for (const answer of afterKill) {
        assert.equal(answer.status, 200, answer.text);
        assert.notEqual(answer.upstream, victim);
      }

      // Whoever saw an error reloads the success page once; the answers agree with the first.
      const orders = await ordersOf(checkouts);
      for (const checkout of checkouts) {
        const again = await confirm(checkout);
        assert.equal(again.status, 200, again.text);
        assert.equal(again.body.orderId, orders.get(checkout.sessionId)!.id);
      }
      for (const answer of answers.filter((candidate) => candidate.status === 200)) {
        assert.equal(answer.body.orderId, orders.get(answer.checkout.sessionId)!.id);
      }

      const state = await purchaseState();
      const completed = (await ordersOf(checkouts)).values();
      assert.equal([...completed].filter((order) => order.status === 'completed').length, 30);
      assert.equal(state.grants.length, earlier.grants.length + 30, 'no grant lost');
      for (const grant of state.grants.filter((row) =>
        checkouts.some((checkout) => checkout.productId === row.product_id),
      )) {
        assert.equal(grant.remaining_downloads, grant.max_downloads);
        const product = products.find((candidate) => candidate.id === grant.product_id)!;
        assert.equal(grant.max_downloads, product.max_downloads, 'no grant doubled');
      }
      // A mail is sent after its commit: the killed process may have lost one, never sent two.
      const perSubject = new Map<string, number>();
      for (const mail of state.mails)
        perSubject.set(mail.subject, (perSubject.get(mail.subject) ?? 0) + 1);
      assert.ok(
        [...perSubject.values()].every((count) => count === 1),
        'no mail twice',
      );
      assert.ok(state.mails.length >= earlier.mails.length + 30 - failed.length);

      // Started again while the others serve: nobody notices, and it serves its share.
      const shopper = shoppers[0]!;
      const traffic = steadyTraffic(4, async () => {
        const answer = await shopper.client.get('/api/orders');
        return {
          status: answer.status,
          upstream: answer.upstream,
          detail: answer.text.slice(0, 200),
        };
      });
      try {
        await cluster.start(victim);
        await sleep(300);
      } finally {
        await traffic.stop();
      }
      const served = traffic.answers;
      assert.deepEqual(
        served.filter((answer) => answer.status !== 200),
        [],
      );
      const direct = new HttpClient(cluster.instances[victim]!.url);
      for (const [name, cookie] of shopper.client.cookies)
        direct.setCookie(name, cookie.value, cookie.path);
      const orderList = await direct.get<{ orders: unknown[] }>('/api/orders');
      assert.equal(orderList.status, 200, orderList.text);
      assert.equal(
        orderList.body.orders.length,
        16,
        'ten orders from the first load, six from this one',
      );
    });

    it('drains an instance stopped with SIGTERM while the others serve, then starts it again', async (t) => {
      const target = 1;
      const instance = cluster.instances[target]!;
      const product = products[20]!;
      const calls = [
        (account: Account) => account.client.get('/api/auth/profile'),
        (account: Account) => account.client.get('/api/orders'),
        (account: Account, round: number) =>
          account.client.put(`/api/cart/${product.id}`, { quantity: 1 + (round % 3) }),
        () => proxyClient().get('/api/products/featured'),
      ];
      const traffic = steadyTraffic(6, async (worker, round) => {
        const call = calls[round % calls.length]!;
        const answer = await call(shoppers[worker % shoppers.length]!, round);
        return {
          status: answer.status,
          upstream: answer.upstream,
          detail: answer.text.slice(0, 200),
        };
      });
      let restartedAt = Number.POSITIVE_INFINITY;
      try {
        await sleep(300);

        // A login whose body is still arriving when the signal comes: it is in flight, on a
        // keep-alive connection that the instance must close after answering.
        const body = JSON.stringify({ email: shoppers[0]!.email, password: PASSWORD });
        const inFlight = await requestInFlight(`${instance.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: cluster.proxy.url },
          body,
          sentFirst: 10,
        });
        const exiting = cluster.stop(target, 'SIGTERM');
        const refused = await refusedConnection(instance.port);
        assert.equal(refused, 'ECONNREFUSED', 'the stopping instance takes no new connections');
        const response = await inFlight.finish();
        assert.equal(response.status, 200, 'the request in flight was answered normally');
        assert.equal(response.connection, 'close', 'and its connection closed after it');
        const exit = await exiting;
        assert.deepEqual(exit, { code: 0, signal: null }, cluster.logsOf(target));

        await sleep(300);
        restartedAt = Date.now();
        await cluster.start(target);
        // Until the proxy's rotation has reached it, however slowly a busy host answers.
        const deadline = Date.now() + 60_000;
        while (
          Date.now() < deadline &&
          !traffic.answers.some(
            (answer) => answer.upstream === target && answer.startedAt > restartedAt,
          )
        )
          await sleep(100);
      } finally {
        await traffic.stop();
      }
      const answers = traffic.answers;
      t.diagnostic(`${answers.length} requests during the stop and the restart`);
      assert.deepEqual(
        answers.filter((answer) => answer.status !== 200),
        [],
        'no request failed',
      );
      assert.ok(
        answers.some((answer) => answer.upstream === target && answer.startedAt > restartedAt),
        'the restarted instance serves again',
      );
    });
  },
);
