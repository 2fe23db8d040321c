import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { AdminLicense, AdminLicensesPage } from '@store/contract';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient } from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { LICENSE_TEST_ENV, activated, licenseCall, licenseState } from '../helpers/license-api.ts';
import { activationsOf, buyLicensedProduct, type LicensedPurchase } from '../helpers/licenses.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase(
  'admin: license keys',
  (suite) => {
    let admin: TestClient;
    let purchase: LicensedPurchase;
    before(async () => {
      admin = await adminClient(suite.app);
      purchase = await buyLicensedProduct(suite.app, { quantity: 3, activationLimit: 2 });
    });

    const search = async (query: Record<string, string>) => {
      const response = await admin.get(`/api/admin/licenses?${new URLSearchParams(query)}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<AdminLicensesPage>();
    };
    const act = async (id: string, action: 'disable' | 'enable' | 'reset') => {
      const response = await admin.post(`/api/admin/licenses/${id}/${action}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<AdminLicense>();
    };

    it('finds one key by the whole key, in any case, masked but for its last group', async () => {
      const [key] = purchase.keys;
      const device = await activated(suite.app, key!, 'admin-device', 'Office PC');
      for (const q of [key!, key!.toLowerCase(), key!.replace(/-/g, '')]) {
        const page = await search({ q });
        assert.equal(page.nextCursor, null);
        assert.equal(page.licenses.length, 1, q);
        const [found] = page.licenses;
        assert.equal(found!.id, purchase.licenseIds[0]);
        assert.equal(found!.maskedKey, `XXXXXXXX-XXXXXXXX-XXXXXXXX-${key!.split('-')[3]}`);
        assert.deepEqual(
          {
            status: found!.status,
            productId: found!.productId,
            productName: found!.productName,
            orderId: found!.orderId,
            email: found!.email,
            activationLimit: found!.activationLimit,
            expiresAt: found!.expiresAt,
          },
          {
            status: 'active',
            productId: purchase.productId,
            productName: purchase.product.name,
            orderId: purchase.orderId,
            email: purchase.buyer.email,
            activationLimit: 2,
            expiresAt: null,
          },
        );
        assert.deepEqual(
          found!.activations.map((activation) => [activation.instanceId, activation.instanceName]),
          [[device.instanceId, 'Office PC']],
        );
      }
      const body = JSON.stringify(await search({ q: key! }));
      for (const group of key!.split('-').slice(0, 3)) assert.ok(!body.includes(group), group);
      assert.deepEqual((await search({ q: key!.slice(0, -1) })).licenses, []);
    });

    it("pages every key of a buyer's e-mail, newest first, in any case", async () => {
      const seen: AdminLicense[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: Record<string, string> = {
          q: `  ${purchase.buyer.email.toUpperCase()} `,
          limit: '2',
        };
        if (cursor) query.cursor = cursor;
        const page: AdminLicensesPage = await search(query);
        seen.push(...page.licenses);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 5);
      assert.equal(pages, 2);
      assert.deepEqual(seen.map((license) => license.id).sort(), [...purchase.licenseIds].sort());
      // Newest first, then by id (descending), as the keyset pages them.
      const order = seen.map((license) => `${license.createdAt} ${license.id}`);
      assert.deepEqual(order, [...order].sort().reverse());
      // A cursor pages only its own search.
      const first = await search({ q: purchase.buyer.email, limit: '1' });
      const other = await admin.get(
        `/api/admin/licenses?${new URLSearchParams({ q: purchase.keys[0]!, cursor: first.nextCursor! })}`,
      );
      assert.equal(other.statusCode, 400, other.body);
      assert.deepEqual((await search({ q: 'nobody@example.test' })).licenses, []);
    });

    it('disables, enables and resets a key', async () => {
      const [, key] = purchase.keys;
      const id = purchase.licenseIds[1]!;
      const one = await activated(suite.app, key!);
      await activated(suite.app, key!);

      const disabled = await act(id, 'disable');
      assert.equal(disabled.status, 'disabled');
      assert.equal((await act(id, 'disable')).status, 'disabled', 'twice is fine');
      const refused = await licenseCall(suite.app, 'activate', {
        key,
        instanceName: 'x',
        fingerprint: 'y',
      });
      assert.equal(refused.statusCode, 403, refused.body);
      assert.deepEqual(refused.json(), { message: 'License disabled' });
      const state = await licenseState(suite.app, 'validate', key!, one.instanceId);
      assert.deepEqual([state.status, state.valid], ['disabled', false]);

      assert.equal((await act(id, 'enable')).status, 'active');
      assert.equal((await licenseState(suite.app, 'validate', key!, one.instanceId)).valid, true);

      const reset = await act(id, 'reset');
      assert.deepEqual(reset.activations, []);
      assert.equal(reset.status, 'active');
      assert.deepEqual(await activationsOf(suite.app, id), []);
      assert.equal((await licenseState(suite.app, 'validate', key!, one.instanceId)).valid, false);
    });

    it('answers 404 for an unknown key and 400 for a bad id or search', async () => {
      for (const action of ['disable', 'enable', 'reset']) {
        const missing = await admin.post(`/api/admin/licenses/${UNKNOWN_ID}/${action}`);
        assert.equal(missing.statusCode, 404, missing.body);
        assert.deepEqual(missing.json(), { message: 'License not found' });
        const bad = await admin.post(`/api/admin/licenses/not-a-uuid/${action}`);
        assert.equal(bad.statusCode, 400, bad.body);
      }
      for (const query of ['', '?q=', '?q=%20%20', `?q=${'x'.repeat(255)}`, '?q=a&limit=0']) {
        const response = await admin.get(`/api/admin/licenses${query}`);
        assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      }
    });

    it('is for the admin only', async () => {
      const { client } = await signedInUser(suite.app);
      const q = encodeURIComponent(purchase.keys[0]!);
      const calls: Array<['GET' | 'POST', string]> = [
        ['GET', `/api/admin/licenses?q=${q}`],
        ...['disable', 'enable', 'reset'].map((action): ['POST', string] => [
          'POST',
          `/api/admin/licenses/${purchase.licenseIds[0]}/${action}`,
        ]),
      ];
      for (const [method, url] of calls) {
        const shopper = await client.request(method, url);
        assert.equal(shopper.statusCode, 403, `${url}: ${shopper.body}`);
        const buyer = await purchase.buyer.client.request(method, url);
        assert.equal(buyer.statusCode, 403, `${url}: ${buyer.body}`);
        const stranger = await suite.app.inject({ method, url });
        assert.equal(stranger.statusCode, 401, `${url}: ${stranger.body}`);
      }
    });
  },
  { env: LICENSE_TEST_ENV },
);
