import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LicenseKey } from '@store/contract';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { buy } from '../helpers/checkout.ts';
import { TestClient } from '../helpers/client.ts';
import {
  activationsOf,
  buyLicensedProduct,
  insertActivation,
  ownerKeys,
} from '../helpers/licenses.ts';

const DAY_MS = 86_400_000;

const deactivatePath = (licenseId: string, instanceId: string) =>
  `/api/orders/licenses/${licenseId}/activations/${instanceId}`;

describeEachDatabase('license keys: their owner', (suite) => {
  it('shows each buyer their own keys only', async () => {
    const first = await buyLicensedProduct(suite.app);
    const second = await signedInUser(suite.app);
    await buy(suite.app, second.client, [{ product: first.product, quantity: 1 }]);

    const theirs = await ownerKeys(second.client, first.productId);
    assert.equal(theirs.length, 1);
    assert.notEqual(theirs[0]!.key, first.keys[0]);
    assert.notEqual(theirs[0]!.id, first.licenseIds[0]);
    const mine = await ownerKeys(first.buyer.client, first.productId);
    assert.deepEqual(
      mine.map((key) => key.key),
      first.keys,
    );

    const stranger = await signedInUser(suite.app);
    const response = await stranger.client.get('/api/orders/purchased-products');
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(!response.body.includes(first.keys[0]!));
    assert.deepEqual(response.json().purchasedProducts, []);
  });

  it('lists the devices newest first and lets the owner deactivate one', async () => {
    const bought = await buyLicensedProduct(suite.app);
    const [licenseId] = bought.licenseIds;
    const older = await insertActivation(suite.app, licenseId!, {
      name: "Dora's desktop",
      lastSeenAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const newer = await insertActivation(suite.app, licenseId!, { name: "Dora's laptop" });

    const [key] = await ownerKeys(bought.buyer.client, bought.productId);
    assert.deepEqual(
      key!.activations.map((activation) => [activation.instanceId, activation.instanceName]),
      [
        [newer.id, "Dora's laptop"],
        [older.id, "Dora's desktop"],
      ],
    );
    assert.equal(key!.activations[1]!.lastSeenAt, older.lastSeenAt.toISOString());

    const response = await bought.buyer.client.delete(deactivatePath(licenseId!, older.id));
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json<LicenseKey>();
    assert.deepEqual([answer.id, answer.key, answer.status], [licenseId, bought.keys[0], 'active']);
    assert.deepEqual(
      answer.activations.map((activation) => activation.instanceId),
      [newer.id],
    );
    assert.deepEqual(
      (await activationsOf(suite.app, licenseId!)).map((row) => row.id),
      [newer.id],
    );
    // Gone already: the device is free either way.
    const again = await bought.buyer.client.delete(deactivatePath(licenseId!, older.id));
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json<LicenseKey>().activations.length, 1);
  });

  it("refuses someone else's key as not found, and strangers outright", async () => {
    const bought = await buyLicensedProduct(suite.app);
    const [licenseId] = bought.licenseIds;
    const activation = await insertActivation(suite.app, licenseId!);

    const other = await signedInUser(suite.app);
    const theirs = await other.client.delete(deactivatePath(licenseId!, activation.id));
    assert.equal(theirs.statusCode, 404, theirs.body);
    assert.deepEqual(theirs.json(), { message: 'License not found' });
    assert.ok(!theirs.body.includes(bought.keys[0]!));
    const unknown = await other.client.delete(
      deactivatePath('00000000-0000-4000-8000-000000000000', activation.id),
    );
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.deepEqual(unknown.json(), { message: 'License not found' });

    const signedOut = await new TestClient(suite.app).delete(
      deactivatePath(licenseId!, activation.id),
    );
    assert.equal(signedOut.statusCode, 401, signedOut.body);
    const crossSite = await bought.buyer.client.delete(
      deactivatePath(licenseId!, activation.id),
      undefined,
      { origin: 'https://evil.example' },
    );
    assert.equal(crossSite.statusCode, 403, crossSite.body);
    const malformed = await bought.buyer.client.delete(deactivatePath('not-a-uuid', activation.id));
    assert.equal(malformed.statusCode, 400, malformed.body);

    assert.equal((await activationsOf(suite.app, licenseId!)).length, 1, 'nothing was removed');
  });

  it('releases devices idle for LICENSE_IDLE_DAYS in the licenses job', async () => {
    await suite.app.licenseSweep;
    const bought = await buyLicensedProduct(suite.app);
    const [licenseId] = bought.licenseIds;
    const idleDays = suite.config.licenses.idleDays;
    const idle = await insertActivation(suite.app, licenseId!, {
      lastSeenAt: new Date(Date.now() - (idleDays + 1) * DAY_MS),
    });
    const quiet = await insertActivation(suite.app, licenseId!, {
      lastSeenAt: new Date(Date.now() - (idleDays - 1) * DAY_MS),
    });

    const swept = await suite.app.services.licenses.sweep();
    assert.ok(swept.released >= 1);
    const left = (await activationsOf(suite.app, licenseId!)).map((row) => row.id);
    assert.deepEqual(left, [quiet.id]);
    assert.ok(!left.includes(idle.id));
  });
});
