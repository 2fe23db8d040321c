import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { productFiles } from '../../../src/db/schema.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminUploads,
  createCatalog,
  createProduct,
  dataUrl,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import { buy } from '../../helpers/checkout.ts';
import { TestClient } from '../../helpers/client.ts';
import { storedFiles } from '../../helpers/stored-files.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const PREVIEW_LIMIT = 2000;
const ASSET_LIMIT = 3000;

/** An edit of `product`: its fields as they are, without files, then `overrides`. */
function editBody(catalog: TestCatalog, product: ProductJson, overrides: object = {}) {
  return {
    ...productBody(catalog, { name: product.name, price: product.price }),
    previewImage: undefined,
    originalAsset: undefined,
    fileName: undefined,
    fileSize: undefined,
    ...overrides,
  };
}

describeEachDatabase(
  'PUT /api/products/:id',
  (suite) => {
    let admin: TestClient;
    let catalog: TestCatalog;
    let filesRoot: string;
    before(async () => {
      ({ admin, catalog, filesRoot } = await adminUploads(suite, 'edit'));
    });

    it('edits every field and keeps the preview and file when they are left out', async () => {
      const product = await createProduct(admin, catalog);
      const other = await createCatalog(suite.app, 'moved');
      const files = storedFiles(filesRoot).length;
      const response = await admin.put(`/api/products/${product.id}`, {
        ...editBody(other, product),
        name: '  Renamed product ',
        description: 'A new description',
        price: '12.5',
      });
      assert.equal(response.statusCode, 200, response.body);
      const edited = response.json<ProductJson>();
      assert.equal(edited.id, product.id);
      assert.equal(edited.name, 'Renamed product');
      assert.equal(edited.description, 'A new description');
      assert.equal(edited.price, 12.5);
      assert.equal(edited.category, other.categorySlug);
      assert.equal(edited.preview_image_url, product.preview_image_url);
      assert.equal(edited.file_name, product.file_name);
      assert.equal(edited.file_size, product.file_size);
      assert.equal(edited.created_at, product.created_at);
      assert.equal(storedFiles(filesRoot).length, files, 'no file written without uploads');
      const versions = await suite.app.db
        .select()
        .from(productFiles)
        .where(eq(productFiles.productId, product.id));
      assert.equal(versions.length, 1, 'no new file version without a new file');
      const listed = (await admin.get(`/api/products?q=${product.id}`)).json<{
        products: ProductJson[];
      }>();
      assert.deepEqual(listed.products, [edited], 'the admin list reads the edit');
    });

    it('stores a new preview under new keys with renditions, the old one kept', async () => {
      const product = await createProduct(admin, catalog);
      const picture = await sharp({
        create: { width: 48, height: 32, channels: 3, background: '#c33' },
      })
        .png()
        .toBuffer();
      const files = storedFiles(filesRoot).length;
      const response = await admin.put(
        `/api/products/${product.id}`,
        editBody(catalog, product, { previewImage: dataUrl('image/png', picture) }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const url = response.json<ProductJson>().preview_image_url;
      assert.notEqual(url, product.preview_image_url);
      assert.deepEqual((await suite.app.inject(url)).rawPayload, picture);
      const rendition = await suite.app.inject(`${url}?w=160`);
      assert.equal(rendition.statusCode, 200);
      assert.equal(rendition.headers['content-type'], 'image/webp');
      // The original and its four renditions; the old preview stays (orders show it).
      assert.equal(storedFiles(filesRoot).length, files + 5);
      assert.equal((await suite.app.inject(product.preview_image_url)).statusCode, 200);
    });

    it('refuses bad fields with 400 naming each, and writes nothing', async () => {
      const product = await createProduct(admin, catalog);
      const expectFieldError = async (overrides: object, field: string) => {
        const files = storedFiles(filesRoot).length;
        const response = await admin.put(
          `/api/products/${product.id}`,
          editBody(catalog, product, overrides),
        );
        assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
        const body = response.json<{ message: string; fields: Record<string, string> }>();
        assert.ok(body.fields[field], `fields.${field} in ${response.body}`);
        assert.equal(body.message, body.fields[field]);
        assert.equal(storedFiles(filesRoot).length, files, 'no file written');
      };
      for (const field of ['name', 'description', 'price', 'categoryId', 'assetTypeId']) {
        await expectFieldError({ [field]: undefined }, field);
      }
      await expectFieldError({ name: '   ' }, 'name');
      await expectFieldError({ name: 'x'.repeat(201) }, 'name');
      await expectFieldError({ description: 42 }, 'description');
      for (const price of [0, -1, 1.234, 'abc', null]) await expectFieldError({ price }, 'price');
      await expectFieldError({ categoryId: 'not-a-uuid' }, 'categoryId');
      await expectFieldError({ categoryId: UNKNOWN_ID }, 'categoryId');
      await expectFieldError({ assetTypeId: UNKNOWN_ID }, 'assetTypeId');
      await expectFieldError({ previewImage: '' }, 'previewImage');
      await expectFieldError(
        { previewImage: dataUrl('image/png', 'not a picture') },
        'previewImage',
      );
      await expectFieldError({ originalAsset: 'not a data url' }, 'originalAsset');
      await expectFieldError(
        { originalAsset: dataUrl('text/plain', 'x'), fileName: '../..' },
        'fileName',
      );
      await expectFieldError({ fileSize: -1 }, 'fileSize');
      await expectFieldError({ notifyBuyers: 'yes' }, 'notifyBuyers');
      await expectFieldError({ notifyBuyers: true }, 'notifyBuyers');
      await expectFieldError(
        { originalAsset: dataUrl('text/plain', 'x'), releaseNote: 'x'.repeat(2001) },
        'releaseNote',
      );
      const sizes = [
        [{ previewImage: dataUrl('image/png', Buffer.alloc(PREVIEW_LIMIT + 1)) }, 'Preview'],
        [{ originalAsset: dataUrl('text/plain', Buffer.alloc(ASSET_LIMIT + 1)) }, 'Asset'],
      ] as const;
      for (const [overrides, label] of sizes) {
        const response = await admin.put(
          `/api/products/${product.id}`,
          editBody(catalog, product, overrides),
        );
        assert.equal(response.statusCode, 413, response.body);
        assert.match(response.json().message, new RegExp(label));
      }
      const unchanged = (await admin.get(`/api/products?q=${product.id}`)).json<{
        products: ProductJson[];
      }>();
      assert.deepEqual(unchanged.products, [product], 'refused edits change nothing');
    });

    it('answers 401 signed out, 403 to a shopper, 404 unknown or deleted, 400 non-UUID', async () => {
      const product = await createProduct(admin, catalog);
      const body = editBody(catalog, product, { name: 'Not allowed' });
      const anonymous = new TestClient(suite.app);
      assert.equal((await anonymous.put(`/api/products/${product.id}`, body)).statusCode, 401);
      assert.equal((await anonymous.get(`/api/products/${product.id}/buyers`)).statusCode, 401);
      const { client: shopper } = await signedInUser(suite.app);
      const refused = await shopper.put(`/api/products/${product.id}`, body);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: 'Admin access required' });
      assert.equal((await shopper.get(`/api/products/${product.id}/buyers`)).statusCode, 403);

      const unknown = await admin.put(`/api/products/${UNKNOWN_ID}`, body);
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json(), { message: 'Product not found' });
      assert.equal((await admin.get(`/api/products/${UNKNOWN_ID}/buyers`)).statusCode, 404);
      const bad = await admin.put('/api/products/not-a-uuid', body);
      assert.equal(bad.statusCode, 400);
      assert.ok(bad.json().fields.id);
      assert.equal((await admin.get('/api/products/not-a-uuid/buyers')).statusCode, 400);

      assert.equal((await admin.delete(`/api/products/${product.id}`)).statusCode, 200);
      const files = storedFiles(filesRoot).length;
      const deleted = await admin.put(`/api/products/${product.id}`, {
        ...body,
        originalAsset: dataUrl('text/plain', 'a file for nobody'),
      });
      assert.equal(deleted.statusCode, 404);
      assert.equal(storedFiles(filesRoot).length, files, 'no file kept for a deleted product');
      assert.equal((await admin.get(`/api/products/${product.id}/buyers`)).statusCode, 404);
      const listed = (await admin.get(`/api/products?q=${product.id}`)).json<{
        products: ProductJson[];
      }>();
      assert.deepEqual(listed.products, []);
    });

    it('charges a new price from then on: carts show it, placed orders keep theirs', async () => {
      const product = await createProduct(admin, catalog, { price: 10 });
      const buyer = await signedInUser(suite.app);
      const order = await buy(suite.app, buyer.client, [{ product }]);
      const waiting = await signedInUser(suite.app);
      assert.equal(
        (await waiting.client.post('/api/cart', { productId: product.id })).statusCode,
        200,
      );
      const priced = async () =>
        (await waiting.client.get('/api/cart'))
          .json<Array<{ id: string; price: number }>>()
          .find((line) => line.id === product.id)?.price;
      assert.equal(await priced(), 10);

      const edited = await admin.put(
        `/api/products/${product.id}`,
        editBody(catalog, product, { price: 14.25 }),
      );
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(await priced(), 14.25, 'the cart reads the current price');

      const placed = (await buyer.client.get(`/api/orders/${order.id}`)).json<{
        total_amount: number;
        items: Array<{ price: number }>;
      }>();
      assert.equal(placed.total_amount, 10);
      assert.deepEqual(
        placed.items.map((item) => item.price),
        [10],
      );
      const session = await waiting.client.post('/api/payments/create-checkout-session', {
        products: [{ _id: product.id, quantity: 2 }],
        couponCode: null,
      });
      assert.equal(session.statusCode, 200, session.body);
      assert.equal(session.json().totalAmount, 28.5, 'a new order is charged the new price');
    });

    it('shows an edit at once in the cached category page, the featured list and search', async () => {
      const product = await createProduct(admin, catalog, {
        name: 'Quillwort Sampler',
        price: 3,
      });
      assert.equal((await admin.patch(`/api/products/${product.id}`)).statusCode, 200);
      const categoryPage = `/api/products/category/${catalog.categorySlug}`;
      const shown = async (url: string) => {
        const response = await suite.app.inject(url);
        assert.equal(response.statusCode, 200, response.body);
        const body = response.json<ProductJson[] | { products: ProductJson[] }>();
        const list = Array.isArray(body) ? body : body.products;
        return { etag: response.headers.etag, found: list.find((p) => p.id === product.id) };
      };
      const pageBefore = await shown(categoryPage);
      assert.equal(pageBefore.found?.name, 'Quillwort Sampler');
      // Served from the cache now: the same body, the same ETag.
      assert.equal((await shown(categoryPage)).etag, pageBefore.etag);
      assert.equal((await shown('/api/products/featured')).found?.price, 3);
      assert.ok((await shown('/api/search?q=quillwort')).found, 'found by its old name');
      assert.ok(!(await shown('/api/search?q=marshmallow')).found);

      const edited = await admin.put(
        `/api/products/${product.id}`,
        editBody(catalog, product, {
          name: 'Marshmallow Sampler',
          description: 'Soft pastel brushes',
          price: 4,
        }),
      );
      assert.equal(edited.statusCode, 200, edited.body);

      const pageAfter = await shown(categoryPage);
      assert.notEqual(pageAfter.etag, pageBefore.etag);
      assert.equal(pageAfter.found?.name, 'Marshmallow Sampler');
      assert.equal(pageAfter.found?.price, 4);
      const featured = await shown('/api/products/featured');
      assert.equal(featured.found?.name, 'Marshmallow Sampler');
      assert.equal(featured.found?.is_featured, true, 'an edit keeps the featured flag');
      assert.ok((await shown('/api/search?q=marshmallow')).found, 'found by its new name');
      assert.ok((await shown('/api/search?q=pastel')).found, 'found by its new description');
      assert.ok(!(await shown('/api/search?q=quillwort')).found, 'not by its old name');
    });
  },
  {
    env: {
      UPLOAD_PREVIEW_MAX_BYTES: String(PREVIEW_LIMIT),
      UPLOAD_ASSET_MAX_BYTES: String(ASSET_LIMIT),
    },
  },
);
