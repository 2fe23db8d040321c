import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, dataUrl, type ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { buy, checkout, createProducts } from '../helpers/checkout.ts';
import {
  downloadTicket,
  downloadsOf,
  fetchLink,
  grantOf,
  purchased,
  requestDownload,
  setGrant,
} from '../helpers/downloads.ts';

const ASSET = 'The quick brown fox jumps over the lazy dog'; // 43 bytes

describeEachDatabase('purchased products and downloads', (suite) => {
  let asset: ProductJson;
  let other: ProductJson;
  let noFile: ProductJson;
  before(async () => {
    [asset, other] = await createProducts(suite.app, [9.5, 4], {
      originalAsset: dataUrl('text/plain', ASSET),
      fileName: 'Résumé (final) "v2".txt',
    });
    [noFile] = await createProducts(suite.app, [3], { originalAsset: null, fileName: null });
  });

  it('lists the grants in the contract shape, newest first', async () => {
    const buyer = await signedInUser(suite.app);
    assert.deepEqual(await purchased(buyer.client), []);
    await buy(suite.app, buyer.client, [{ product: asset, quantity: 2 }]);
    await buy(suite.app, buyer.client, [{ product: other }]);
    const list = await purchased(buyer.client);
    const first = await grantOf(suite.app, buyer.user.id, asset.id);
    const second = await grantOf(suite.app, buyer.user.id, other.id);
    assert.deepEqual(list, [
      {
        id: second.id,
        productId: other.id,
        slug: other.slug,
        name: other.name,
        previewImageUrl: other.preview_image_url,
        expiresAt: null,
        remainingDownloads: 5,
        maxDownloads: 5,
        canDownload: true,
        fileUpdatedAt: null,
        refunded: false,
        licenseKeys: [],
      },
      {
        id: first.id,
        productId: asset.id,
        slug: asset.slug,
        name: asset.name,
        previewImageUrl: asset.preview_image_url,
        expiresAt: null,
        remainingDownloads: 10,
        maxDownloads: 10,
        canDownload: true,
        fileUpdatedAt: null,
        refunded: false,
        licenseKeys: [],
      },
    ]);

    const expiry = new Date(Date.now() + 86_400_000);
    await setGrant(suite.app, second.id, { expiresAt: expiry });
    await setGrant(suite.app, first.id, { remainingDownloads: 0 });
    const later = await purchased(buyer.client);
    assert.deepEqual(
      later.map((row) => [row.productId, row.expiresAt, row.remainingDownloads, row.canDownload]),
      [
        [other.id, expiry.toISOString(), 5, true],
        [asset.id, null, 0, false],
      ],
    );
    await setGrant(suite.app, second.id, { expiresAt: new Date(Date.now() - 1000) });
    assert.equal((await purchased(buyer.client))[0]!.canDownload, false);
  });

  it('a pending order grants nothing; signed out is 401', async () => {
    const buyer = await signedInUser(suite.app);
    await checkout(buyer.client, [{ product: asset }]);
    assert.deepEqual(await purchased(buyer.client), []);
    const anonymous = new TestClient(suite.app);
    assert.equal((await anonymous.get('/api/orders/purchased-products')).statusCode, 401);
    assert.equal((await anonymous.get(`/api/products/download/${asset.id}`)).statusCode, 401);
  });

  it('issues a signed link that streams the file without cookies and counts once', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: asset }]);
    const response = await requestDownload(buyer.client, asset.id);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const ticket = response.json<{ downloadUrl: string; remainingDownloads: number }>();
    assert.equal(ticket.remainingDownloads, 4);
    assert.match(
      ticket.downloadUrl,
      /^http:\/\/localhost:5000\/api\/files\/downloads\/[\w-]+\.[\w-]+\.[\w-]+$/,
    );

    const file = await fetchLink(suite.app, ticket.downloadUrl);
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.body, ASSET);
    assert.equal(file.headers['content-type'], 'text/plain');
    assert.equal(file.headers['content-length'], String(ASSET.length));
    assert.equal(file.headers['accept-ranges'], 'bytes');
    assert.equal(file.headers['cache-control'], 'private, no-store');
    assert.equal(
      file.headers['content-disposition'],
      `attachment; filename="R_sum_ (final) _v2_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20_v2_.txt`,
    );

    const grant = await grantOf(suite.app, buyer.user.id, asset.id);
    assert.equal(grant.remainingDownloads, 4);
    const [row] = await downloadsOf(suite.app, grant.id);
    assert.equal(row!.id, grant.lastDownloadId);
    assert.equal(row!.fetchCount, 1);
    assert.equal(
      row!.expiresAt.getTime() - Math.floor(row!.issuedAt.getTime() / 1000) * 1000,
      300_000,
    );
  });

  it('serves byte ranges: a-b, a-, -n, clamps the end, 416 past the end, If-Range', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: asset }]);
    const { downloadUrl } = await downloadTicket(buyer.client, asset.id);
    const size = ASSET.length;

    const cases: [string, number, number][] = [
      ['bytes=4-8', 4, 8],
      ['bytes=40-', 40, size - 1],
      ['bytes=-3', size - 3, size - 1],
      ['bytes=10-1000', 10, size - 1],
      ['bytes=-1000', 0, size - 1],
    ];
    for (const [header, start, end] of cases) {
      const part = await fetchLink(suite.app, downloadUrl, { range: header });
      assert.equal(part.statusCode, 206, header);
      assert.equal(part.body, ASSET.slice(start, end + 1), header);
      assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${size}`, header);
      assert.equal(part.headers['content-length'], String(end - start + 1), header);
      assert.match(String(part.headers['content-disposition']), /^attachment;/);
    }

    // range-parser finds no satisfiable range in last < first either (RFC 9110 14.2 lets a
    // server reject such a header as well as ignore it).
    for (const header of [`bytes=${size}-`, 'bytes=100-200', 'bytes=-0', 'bytes=5-2']) {
      const refused = await fetchLink(suite.app, downloadUrl, { range: header });
      assert.equal(refused.statusCode, 416, header);
      assert.equal(refused.headers['content-range'], `bytes */${size}`);
      assert.equal(refused.json().message, 'Range not satisfiable');
    }

    // Ignored: several ranges, other units.
    for (const header of ['bytes=0-1,4-5', 'items=0-1']) {
      const whole = await fetchLink(suite.app, downloadUrl, { range: header });
      assert.equal(whole.statusCode, 200, header);
      assert.equal(whole.body, ASSET);
    }

    const first = await fetchLink(suite.app, downloadUrl);
    const etag = String(first.headers.etag);
    const resumed = await fetchLink(suite.app, downloadUrl, {
      range: 'bytes=5-',
      'if-range': etag,
    });
    assert.equal(resumed.statusCode, 206);
    const stale = await fetchLink(suite.app, downloadUrl, {
      range: 'bytes=5-',
      'if-range': '"something-else"',
    });
    assert.equal(stale.statusCode, 200);
    assert.equal(stale.body, ASSET);
  });

  it('a repeat within 30 seconds gets the same link without counting; later it counts', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: asset }]);
    const first = await downloadTicket(buyer.client, asset.id);
    const again = await downloadTicket(buyer.client, asset.id);
    assert.deepEqual(again, first);
    assert.equal(first.remainingDownloads, 4);

    const grant = await grantOf(suite.app, buyer.user.id, asset.id);
    await setGrant(suite.app, grant.id, { lastIssuedAt: new Date(Date.now() - 31_000) });
    const later = await downloadTicket(buyer.client, asset.id);
    assert.notEqual(later.downloadUrl, first.downloadUrl);
    assert.equal(later.remainingDownloads, 3);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 2);
    // The earlier link still works until its own expiry.
    assert.equal((await fetchLink(suite.app, first.downloadUrl)).statusCode, 200);
  });

  it('refuses at the limit and after expiry, without counting', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: asset }]);
    const grant = await grantOf(suite.app, buyer.user.id, asset.id);

    await setGrant(suite.app, grant.id, { remainingDownloads: 0 });
    const limit = await requestDownload(buyer.client, asset.id);
    assert.equal(limit.statusCode, 403);
    assert.deepEqual(limit.json(), { message: 'Download limit reached' });

    await setGrant(suite.app, grant.id, {
      remainingDownloads: 2,
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = await requestDownload(buyer.client, asset.id);
    assert.equal(expired.statusCode, 403);
    assert.deepEqual(expired.json(), { message: 'Download expired' });
    assert.equal((await grantOf(suite.app, buyer.user.id, asset.id)).remainingDownloads, 2);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 0);
  });

  it('answers 404 without a file (not counted), 404 unbought, 400 for a malformed id', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: noFile }]);
    const none = await requestDownload(buyer.client, noFile.id);
    assert.equal(none.statusCode, 404);
    assert.deepEqual(none.json(), { message: 'No file to download' });
    assert.equal((await grantOf(suite.app, buyer.user.id, noFile.id)).remainingDownloads, 5);

    const unbought = await requestDownload(buyer.client, other.id);
    assert.equal(unbought.statusCode, 404);
    assert.deepEqual(unbought.json(), { message: 'Product not purchased' });
    const unknown = await requestDownload(buyer.client, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Product not purchased');
    const malformed = await requestDownload(buyer.client, 'not-a-uuid');
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().message, 'Product id must be a valid id');
  });

  it('a deleted product stays listed and downloadable for its buyers', async () => {
    const [doomed] = await createProducts(suite.app, [6], {
      originalAsset: dataUrl('application/zip', 'PK-zip-bytes'),
      fileName: 'pack.zip',
    });
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: doomed }]);
    const admin = await adminClient(suite.app);
    assert.equal((await admin.delete(`/api/products/${doomed.id}`)).statusCode, 200);

    const [listed] = await purchased(buyer.client);
    assert.equal(listed!.productId, doomed.id);
    assert.equal(listed!.name, doomed.name);
    assert.equal(listed!.previewImageUrl, doomed.preview_image_url);
    assert.equal(listed!.canDownload, true);
    const preview = await suite.app.inject({ method: 'GET', url: doomed.preview_image_url });
    assert.equal(preview.statusCode, 200);

    const ticket = await downloadTicket(buyer.client, doomed.id);
    const file = await fetchLink(suite.app, ticket.downloadUrl);
    assert.equal(file.statusCode, 200);
    assert.equal(file.body, 'PK-zip-bytes');
    assert.equal(file.headers['content-type'], 'application/zip');
    assert.match(String(file.headers['content-disposition']), /filename="pack.zip"/);

    // Nobody can buy it any more.
    const shopper = await signedInUser(suite.app);
    const refused = await shopper.client.post('/api/payments/create-checkout-session', {
      products: [{ _id: doomed.id, quantity: 1 }],
    });
    assert.equal(refused.statusCode, 400);
  });
});
