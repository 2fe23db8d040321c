import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { makeBundle, setLimits } from '../helpers/bundle-rows.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { buy, createProducts, itemsOf } from '../helpers/checkout.ts';
import { downloadTicket, grantOf } from '../helpers/downloads.ts';
import { grantRowsOf } from '../helpers/refunds.ts';
import { reviewed } from '../helpers/reviews.ts';

const DAY_MS = 86_400_000;

describeEachDatabase('what buying a bundle grants', (suite) => {
  let bundle: ProductJson;
  let other: ProductJson;
  let sketch: ProductJson;
  let font: ProductJson;
  let brush: ProductJson;
  before(async () => {
    [bundle, other, sketch, font, brush] = await createProducts(suite.app, [40, 35, 20, 15, 12]);
    // Each item keeps its own limits: 3 downloads for 10 days, 7 that never expire.
    await setLimits(suite.app, sketch, 3, 10);
    await setLimits(suite.app, font, 7, null);
    await setLimits(suite.app, bundle, 2, 30);
    await makeBundle(suite.app, bundle, [sketch, font]);
    await makeBundle(suite.app, other, [sketch, brush]);
  });

  it("grants the bundle and each item with the item's own limits, per unit bought", async () => {
    const { client, user } = await signedInUser(suite.app);
    const started = Date.now();
    const order = await buy(suite.app, client, [{ product: bundle, quantity: 2 }]);
    const [line] = await itemsOf(suite.app, order.id);

    const grants = await grantRowsOf(suite.app, order.id);
    assert.deepEqual(
      grants.map((grant) => [grant.orderItemId, grant.productId, grant.downloads]).sort(),
      [
        [line!.id, bundle.id, 4],
        [line!.id, sketch.id, 6],
        [line!.id, font.id, 14],
      ].sort(),
    );
    const owned = await grantOf(suite.app, user.id, bundle.id);
    assert.deepEqual([owned.maxDownloads, owned.remainingDownloads], [4, 4]);
    const sketchGrant = await grantOf(suite.app, user.id, sketch.id);
    assert.deepEqual([sketchGrant.maxDownloads, sketchGrant.remainingDownloads], [6, 6]);
    const expires = sketchGrant.expiresAt!.getTime();
    assert.ok(expires >= started + 10 * DAY_MS - 60_000 && expires <= Date.now() + 10 * DAY_MS);
    const fontGrant = await grantOf(suite.app, user.id, font.id);
    assert.deepEqual([fontGrant.maxDownloads, fontGrant.expiresAt], [14, null]);

    // The items download and may be reviewed by the bundle's buyer.
    assert.equal((await downloadTicket(client, sketch.id)).remainingDownloads, 5);
    await reviewed(client, font.id, { rating: 5 });
  });

  it('adds up a bundle and one of its items in one order, and two bundles sharing an item', async () => {
    const { client, user } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: bundle }, { product: sketch }]);
    const lines = await itemsOf(suite.app, order.id);
    const grants = await grantRowsOf(suite.app, order.id);
    const sketchGrants = grants.filter((grant) => grant.productId === sketch.id);
    assert.equal(sketchGrants.length, 2, 'one grant per line');
    assert.deepEqual(
      sketchGrants.map((grant) => grant.orderItemId).sort(),
      lines.map((item) => item.id).sort(),
    );
    assert.equal((await grantOf(suite.app, user.id, sketch.id)).maxDownloads, 6);

    const buyer = await signedInUser(suite.app);
    const both = await buy(suite.app, buyer.client, [{ product: bundle }, { product: other }]);
    const shared = (await grantRowsOf(suite.app, both.id)).filter(
      (grant) => grant.productId === sketch.id,
    );
    assert.equal(shared.length, 2);
    const sketchGrant = await grantOf(suite.app, buyer.user.id, sketch.id);
    assert.deepEqual([sketchGrant.maxDownloads, sketchGrant.remainingDownloads], [6, 6]);
    assert.equal((await grantOf(suite.app, buyer.user.id, brush.id)).maxDownloads, 5);
    assert.equal((await grantOf(suite.app, buyer.user.id, font.id)).maxDownloads, 7);
  });
});
