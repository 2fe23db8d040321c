import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { productFiles, products } from '../../../src/db/schema.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  dataUrl,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import { buy } from '../../helpers/checkout.ts';
import type { TestClient } from '../../helpers/client.ts';
import {
  downloadTicket,
  fetchLink,
  grantOf,
  purchased,
  requestDownload,
  setGrant,
} from '../../helpers/downloads.ts';
import { fanOutDone, updateMailJobs } from '../../helpers/file-updates.ts';

describeEachDatabase('file versions: a new file on edit', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'versions');
  });

  const newFile = (product: ProductJson, text: string, extra: object = {}) =>
    admin.put(`/api/products/${product.id}`, {
      ...productBody(catalog, { name: product.name, price: product.price }),
      previewImage: undefined,
      originalAsset: dataUrl('text/plain', text),
      fileName: `${text.replace(/\W+/g, '-')}.txt`,
      ...extra,
    });

  it('gives every buyer one more download of the new file; old links keep the old bytes', async () => {
    const product = await createProduct(admin, catalog, {
      originalAsset: dataUrl('text/plain', 'version one'),
      fileName: 'one.txt',
    });
    const usedUp = await signedInUser(suite.app);
    const keeper = await signedInUser(suite.app);
    const refunded = await signedInUser(suite.app);
    for (const buyer of [usedUp, keeper, refunded]) {
      await buy(suite.app, buyer.client, [{ product }]);
    }
    const oldLink = (await downloadTicket(usedUp.client, product.id)).downloadUrl;
    const grant = await grantOf(suite.app, usedUp.user.id, product.id);
    // Every download used, the last one long ago (outside the reuse window).
    await setGrant(suite.app, grant.id, { remainingDownloads: 0, lastIssuedAt: null });
    const refundedGrant = await grantOf(suite.app, refunded.user.id, product.id);
    await setGrant(suite.app, refundedGrant.id, { revokedAt: new Date() });
    assert.equal((await requestDownload(usedUp.client, product.id)).statusCode, 403);
    const before = await suite.app.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, product.id));
    assert.equal(before.length, 1);

    const edited = await newFile(product, 'version two', {
      notifyBuyers: false,
      releaseNote: 'Fixed the typos',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().file_name, 'version-two.txt');
    assert.equal(edited.json().file_size, 'version two'.length);
    assert.deepEqual(await fanOutDone(suite.app, product.id, 2), { buyers: 2, mails: 0 });
    assert.deepEqual(await updateMailJobs(suite.app, product.id, 2), [], 'no mail asked for');

    const versions = await suite.app.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
      .orderBy(asc(productFiles.version));
    assert.deepEqual(
      versions.map((file) => [file.version, file.fileName, file.releaseNote]),
      [
        [1, 'one.txt', null],
        [2, 'version-two.txt', 'Fixed the typos'],
      ],
    );
    const [row] = await suite.app.db.select().from(products).where(eq(products.id, product.id));
    assert.equal(row!.assetKey, versions[1]!.assetKey);
    assert.ok(row!.fileUpdatedAt instanceof Date);
    // The earlier file stays in storage, for the record and for links issued before.
    assert.ok(await suite.app.services.storage.exists(versions[0]!.assetKey));

    const after = await grantOf(suite.app, usedUp.user.id, product.id);
    assert.deepEqual([after.remainingDownloads, after.maxDownloads], [1, 6]);
    const kept = await grantOf(suite.app, keeper.user.id, product.id);
    assert.deepEqual([kept.remainingDownloads, kept.maxDownloads], [6, 6]);
    const revoked = await grantOf(suite.app, refunded.user.id, product.id);
    assert.deepEqual([revoked.remainingDownloads, revoked.maxDownloads], [5, 5]);

    const listed = (await purchased(usedUp.client)).find((item) => item.productId === product.id);
    assert.equal(
      (listed as { fileUpdatedAt?: string | null }).fileUpdatedAt,
      row!.fileUpdatedAt!.toISOString(),
    );
    assert.equal(listed?.canDownload, true);
    const ticket = await downloadTicket(usedUp.client, product.id);
    assert.equal(ticket.remainingDownloads, 0);
    const fresh = await fetchLink(suite.app, ticket.downloadUrl);
    assert.equal(fresh.statusCode, 200);
    assert.equal(fresh.body, 'version two');
    assert.match(String(fresh.headers['content-disposition']), /version-two\.txt/);
    const old = await fetchLink(suite.app, oldLink);
    assert.equal(old.statusCode, 200, 'a link issued before the update still opens');
    assert.equal(old.body, 'version one');
    assert.match(String(old.headers['content-disposition']), /one\.txt/);
    assert.equal((await requestDownload(refunded.client, product.id)).statusCode, 403);
  });

  it('numbers versions on and runs each version once, however often it is saved', async () => {
    const product = await createProduct(admin, catalog);
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product }]);
    for (const text of ['second', 'third']) {
      assert.equal((await newFile(product, text)).statusCode, 200);
    }
    assert.deepEqual(await fanOutDone(suite.app, product.id, 2), { buyers: 1, mails: 0 });
    assert.deepEqual(await fanOutDone(suite.app, product.id, 3), { buyers: 1, mails: 0 });
    const grant = await grantOf(suite.app, buyer.user.id, product.id);
    assert.deepEqual([grant.remainingDownloads, grant.maxDownloads], [7, 7]);
    // An edit without a file is no version and reaches nobody.
    const renamed = await admin.put(`/api/products/${product.id}`, {
      ...productBody(catalog, { name: 'Renamed', price: product.price }),
      previewImage: undefined,
      originalAsset: undefined,
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().file_name, 'third.txt');
    const versions = await suite.app.db
      .select({ version: productFiles.version })
      .from(productFiles)
      .where(eq(productFiles.productId, product.id));
    assert.deepEqual(versions.map((file) => file.version).sort(), [1, 2, 3]);
    const ticket = await downloadTicket(buyer.client, product.id);
    assert.equal((await fetchLink(suite.app, ticket.downloadUrl)).body, 'third');
  });

  it('gives a product created without a file its first version on edit', async () => {
    const product = await createProduct(admin, catalog, {
      originalAsset: undefined,
      fileName: undefined,
    });
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product }]);
    assert.equal((await requestDownload(buyer.client, product.id)).statusCode, 404);
    assert.equal((await newFile(product, 'at last')).statusCode, 200);
    assert.deepEqual(await fanOutDone(suite.app, product.id, 1), { buyers: 1, mails: 0 });
    const ticket = await downloadTicket(buyer.client, product.id);
    assert.equal((await fetchLink(suite.app, ticket.downloadUrl)).body, 'at last');
  });
});
