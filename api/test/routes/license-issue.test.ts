import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { LICENSE_KEY_PATTERN } from '@store/contract';
import { licenseKeys } from '../../src/db/schema.ts';
import { KeyVault } from '../../src/licenses/key-vault.ts';
import { outbox, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { makeBundle } from '../helpers/bundle-rows.ts';
import { adminClient, createCatalog, createProduct, productBody } from '../helpers/catalog.ts';
import {
  buy,
  checkout,
  createProducts,
  markLocalSessionPaid,
  orderOf,
  sendCompletedWebhook,
} from '../helpers/checkout.ts';
import { purchased } from '../helpers/downloads.ts';
import {
  buyLicensedProduct,
  createLicensedProduct,
  licenseRow,
  licenseRowsOf,
  ownerKeys,
} from '../helpers/licenses.ts';

const SECRET = 'test-local-webhook-secret';
const DAY_MS = 86_400_000;

describeEachDatabase(
  'license keys: issued with their order',
  (suite) => {
    let vault: KeyVault;
    before(() => {
      vault = new KeyVault(suite.config.licenses.keySecret);
    });

    it('issues one key per unit, with the product’s limit and length, shown to its owner', async () => {
      const started = Date.now();
      const bought = await buyLicensedProduct(suite.app, {
        quantity: 2,
        activationLimit: 5,
        licenseDays: 30,
      });
      assert.equal(bought.keys.length, 2);
      assert.notEqual(bought.keys[0], bought.keys[1]);
      for (const key of bought.keys) assert.match(key, LICENSE_KEY_PATTERN);

      const shown = await ownerKeys(bought.buyer.client, bought.productId);
      assert.equal(shown.length, 2);
      for (const key of shown) {
        assert.deepEqual([key.status, key.activationLimit, key.activations], ['active', 5, []]);
        const expires = new Date(key.expiresAt!).getTime();
        assert.ok(expires >= started + 30 * DAY_MS - 60_000 && expires <= Date.now() + 30 * DAY_MS);
      }
      const rows = await licenseRowsOf(suite.app, bought.orderId);
      assert.deepEqual(
        rows.map((row) => row.unit),
        [1, 2],
      );
    });

    it('issues perpetual keys with the default limit', async () => {
      const bought = await buyLicensedProduct(suite.app);
      const [key] = await ownerKeys(bought.buyer.client, bought.productId);
      assert.deepEqual([key!.activationLimit, key!.expiresAt], [3, null]);
      assert.equal(bought.product['licensed'], true);
      assert.equal(bought.product['activation_limit'], 3);
      assert.equal(bought.product['license_days'], null);
    });

    it("issues the key of a bundle's licensed item, per unit of the bundle", async () => {
      const item = await createLicensedProduct(suite.app, { activationLimit: 2 });
      const [bundle, plain] = await createProducts(suite.app, [40, 12]);
      await makeBundle(suite.app, bundle, [item, plain]);
      const { client } = await signedInUser(suite.app);
      const order = await buy(suite.app, client, [{ product: bundle, quantity: 2 }]);

      const rows = await licenseRowsOf(suite.app, order.id);
      assert.deepEqual(
        rows.map((row) => [row.productId, row.unit, row.activationLimit]),
        [
          [item.id, 1, 2],
          [item.id, 2, 2],
        ],
      );
      assert.equal((await ownerKeys(client, item.id)).length, 2);
      assert.deepEqual(await ownerKeys(client, bundle.id), []);
      assert.deepEqual(await ownerKeys(client, plain.id), []);
    });

    it('issues no key for a product that is not licensed', async () => {
      const [product] = await createProducts(suite.app, [9]);
      assert.equal(product['licensed'], false);
      const { client } = await signedInUser(suite.app);
      const order = await buy(suite.app, client, [{ product, quantity: 3 }]);
      assert.deepEqual(await licenseRowsOf(suite.app, order.id), []);
      const [entry] = await purchased(client);
      assert.deepEqual((entry as unknown as { licenseKeys: unknown[] }).licenseKeys, []);
    });

    it('issues no more keys when the order is completed again (a webhook replayed)', async () => {
      const product = await createLicensedProduct(suite.app);
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product, quantity: 2 }]);
      await markLocalSessionPaid(suite.app, session.id);
      const answers = await Promise.all([
        sendCompletedWebhook(suite.app, SECRET, session.id, 'evt_license_1'),
        sendCompletedWebhook(suite.app, SECRET, session.id, 'evt_license_2'),
        client.post('/api/payments/checkout-success', { sessionId: session.id }),
      ]);
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
      const order = await orderOf(suite.app, session.id);
      const replay = await sendCompletedWebhook(suite.app, SECRET, session.id, 'evt_license_1');
      assert.equal(replay.statusCode, 200, replay.body);
      assert.equal(await suite.app.services.orders.complete(order), false);

      const rows = await licenseRowsOf(suite.app, order.id);
      assert.equal(rows.length, 2);
      assert.ok(rows.every((row) => row.lookupHash && row.sealedKey && row.keyHint));
      assert.equal((await ownerKeys(client, product.id)).length, 2);
    });

    it('stores a keyed hash and the sealed key, never the key', async () => {
      const bought = await buyLicensedProduct(suite.app);
      const [key] = bought.keys;
      const [id] = bought.licenseIds;
      const row = await licenseRow(suite.app, id!);
      const bare = key!.replaceAll('-', '');
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value instanceof Date || typeof value === 'number') continue;
        const texts =
          typeof value === 'string'
            ? [value]
            : [Buffer.from(value).toString('utf8'), Buffer.from(value).toString('latin1')];
        for (const text of texts) {
          assert.ok(!text.includes(key!) && !text.includes(bare), `${column} holds the key`);
        }
      }
      assert.equal(row.keyHint, key!.slice(-8), 'the admin sees the last group only');
      assert.ok(vault.matches(Buffer.from(row.lookupHash!), key!));
      assert.equal(vault.open(Buffer.from(row.sealedKey!), id!), key);
      // Copied onto another row, the sealed key does not open.
      assert.throws(() => vault.open(Buffer.from(row.sealedKey!), bought.orderId));
      // Another secret opens nothing and finds nothing.
      const other = new KeyVault('another-secret-of-at-least-32-characters!');
      assert.ok(!other.matches(Buffer.from(row.lookupHash!), key!));
      assert.throws(() => other.open(Buffer.from(row.sealedKey!), id!));
    });

    it('seals a key its completion left unsealed: My Downloads at once, the sweep later', async () => {
      await suite.app.licenseSweep;
      const fresh = await buyLicensedProduct(suite.app);
      const old = await buyLicensedProduct(suite.app);
      const unseal = (id: string, createdAt: ReturnType<typeof sql>) =>
        suite.app.db
          .update(licenseKeys)
          .set({ lookupHash: null, sealedKey: null, keyHint: null, createdAt })
          .where(sql`${licenseKeys.id} = ${id}`);
      await unseal(fresh.licenseIds[0]!, sql`now()`);
      await unseal(old.licenseIds[0]!, sql`now() - interval '2 minutes'`);

      // A young row is its completing caller's to seal: the sweep leaves it.
      const swept = await suite.app.services.licenses.sweep();
      assert.ok(swept.sealed >= 1);
      const oldRow = await licenseRow(suite.app, old.licenseIds[0]!);
      assert.ok(oldRow.lookupHash && oldRow.sealedKey && oldRow.keyHint);
      assert.equal((await licenseRow(suite.app, fresh.licenseIds[0]!)).lookupHash, null);

      // The owner's read seals it rather than show nothing.
      const [shown] = await ownerKeys(fresh.buyer.client, fresh.productId);
      assert.match(shown!.key, LICENSE_KEY_PATTERN);
      const freshRow = await licenseRow(suite.app, fresh.licenseIds[0]!);
      assert.ok(vault.matches(Buffer.from(freshRow.lookupHash!), shown!.key));
      const [oldShown] = await ownerKeys(old.buyer.client, old.productId);
      assert.ok(vault.matches(Buffer.from(oldRow.lookupHash!), oldShown!.key));
    });

    it('mails that the keys are in My Downloads, never a key', async () => {
      const bought = await buyLicensedProduct(suite.app, { quantity: 2 });
      const mails = (await outbox(suite.app)).filter(
        (mail) => mail.to === bought.buyer.email && mail.subject.includes('is confirmed'),
      );
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.match(mail!.text, /license keys are in My Downloads/);
      assert.ok(mail!.links.some((link) => link.endsWith('/orders')));
      // The mail job's row keeps the text too.
      const jobs = (await suite.app.db.execute(
        sql`select data::text as data from pgboss.job
          where name = 'mail' and data->>'to' = ${bought.buyer.email}`,
      )) as unknown as { rows: { data: string }[] };
      const stored = [mail!.text, mail!.subject, ...jobs.rows.map((row) => row.data)];
      for (const key of bought.keys) {
        for (const text of stored) {
          assert.ok(!text.includes(key) && !text.includes(key.replaceAll('-', '')));
        }
      }
    });

    it('takes the license settings on create and edit; an edit leaving them out keeps them', async () => {
      const admin = await adminClient(suite.app);
      const catalog = await createCatalog(suite.app);
      const product = await createProduct(admin, catalog, {
        licensed: true,
        activationLimit: 7,
        licenseDays: 365,
      });
      const settings = (view: Record<string, unknown>) => [
        view['licensed'],
        view['activation_limit'],
        view['license_days'],
      ];
      assert.deepEqual(settings(product), [true, 7, 365]);
      const page = await suite.app.inject({
        url: `/api/products/by-slug/${String(product['slug'])}`,
      });
      assert.equal(page.statusCode, 200, page.body);
      assert.deepEqual(settings(page.json()), [true, 7, 365]);

      const { name, description, price, categoryId, assetTypeId } = productBody(catalog);
      const fields = { name, description, price, categoryId, assetTypeId };
      const edit = async (changes: Record<string, unknown>) => {
        const response = await admin.put(`/api/products/${product.id}`, { ...fields, ...changes });
        assert.equal(response.statusCode, 200, response.body);
        return settings(response.json());
      };
      assert.deepEqual(await edit({}), [true, 7, 365]);
      assert.deepEqual(await edit({ licenseDays: null }), [true, 7, null]);
      assert.deepEqual(await edit({ licensed: false }), [false, 7, null]);
      const refused = await admin.put(`/api/products/${product.id}`, {
        ...fields,
        activationLimit: 0,
      });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(refused.json().message, 'Activation limit must be at least 1');
    });
  },
  { env: { LOCAL_WEBHOOK_SECRET: SECRET } },
);
