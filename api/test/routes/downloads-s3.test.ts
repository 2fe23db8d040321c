import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S3Storage } from '../../src/infrastructure/storage/s3-storage.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { startApp, type Suite } from '../helpers/app.ts';
import { dataUrl, type ProductJson } from '../helpers/catalog.ts';
import { buy, createProducts } from '../helpers/checkout.ts';
import { downloadTicket, downloadsOf, grantOf } from '../helpers/downloads.ts';
import { startFakeS3, type FakeS3 } from '../services/storage/fake-s3.ts';

const BUCKET = 'store-downloads';

// The storage decides the link; the database plays no part, so the embedded one is enough.
describe('downloads from S3-compatible storage', () => {
  let fake: FakeS3;
  let storage: S3Storage;
  let suite: Suite;
  let product: ProductJson;
  before(async () => {
    fake = await startFakeS3(BUCKET);
    storage = new S3Storage({
      bucket: BUCKET,
      endpoint: fake.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
    suite = await startApp('pglite', { build: { storage } });
    [product] = await createProducts(suite.app, [8], {
      originalAsset: dataUrl('application/pdf', '%PDF-1.7 fake'),
      fileName: 'Guide ü.pdf',
    });
  });
  after(async () => {
    await suite?.close();
    await storage?.close();
    await fake?.close();
  });

  it('hands out a presigned URL valid 5 minutes, the same one on a repeat', async () => {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product }]);
    const ticket = await downloadTicket(buyer.client, product.id);
    assert.equal(ticket.remainingDownloads, 4);
    const url = new URL(ticket.downloadUrl);
    assert.equal(url.origin, fake.endpoint);
    assert.match(url.pathname, new RegExp(`^/${BUCKET}/assets/[0-9a-f-]+$`));
    assert.equal(url.searchParams.get('X-Amz-Expires'), '300');
    assert.ok(url.searchParams.get('X-Amz-Signature'));

    const file = await fetch(ticket.downloadUrl);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), '%PDF-1.7 fake');
    assert.equal(
      file.headers.get('content-disposition'),
      `attachment; filename="Guide _.pdf"; filename*=UTF-8''Guide%20%C3%BC.pdf`,
    );

    const again = await downloadTicket(buyer.client, product.id);
    assert.deepEqual(again, ticket);
    const grant = await grantOf(suite.app, buyer.user.id, product.id);
    assert.equal(grant.remainingDownloads, 4);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 1);
  });
});
