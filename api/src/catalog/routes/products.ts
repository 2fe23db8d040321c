import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductsQuery,
  buyersAnswer,
  categoryParams,
  categoryQuery,
  createProductBody,
  deletedAnswer,
  productIdParams,
  productList,
  productsPage,
  productView,
  updateProductBody,
} from '@store/contract';
import { HttpError } from '../../lib/http-error.ts';
import { uploadBodyLimit as bodyLimitOf } from '../product-uploads.ts';
import { sendCached } from '../../infrastructure/response-cache.ts';
import { CACHE_HEADERS, json, notModified } from '../../http/answers.ts';
import { ADMIN, errors, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Products'];
const CACHED = 'Answers 304 to a matching `If-None-Match`.';
const NOT_UUID = { 400: 'The id is not a UUID' };
const BAD_PAGE = 'A bad cursor (or one of another list or sort), limit or sort';

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, publicCatalog } = app.services;
  const uploadBodyLimit = bodyLimitOf(app.config.uploads);

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Products, paged and searchable (admin)',
        description:
          'Live products in the chosen order; `q` keeps those whose name contains it, or the ' +
          'one whose id it is. The cursor belongs to its `q` and `sort`.',
        security: SIGNED_IN_ONLY,
        querystring: adminProductsQuery,
        response: {
          200: json('One page of products', productsPage),
          ...errors(ADMIN, { 400: BAD_PAGE }),
        },
      },
    },
    async (request) => {
      const { cursor, ...page } = request.query;
      const { items, nextCursor } = await products.listAll(page, cursor);
      return { products: items, nextCursor };
    },
  );

  app.get(
    '/featured',
    {
      schema: {
        tags,
        summary: 'Featured products',
        description: CACHED,
        response: {
          200: json(
            'The 24 most recently featured products, most recent first',
            productList,
            CACHE_HEADERS,
          ),
          304: notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => sendCached(request, reply, await publicCatalog.featured()),
  );

  app.get(
    '/category/:category',
    {
      schema: {
        tags,
        summary: "A category's products",
        description:
          `\`:category\` is the slug. One page in the chosen order; the cursor belongs to ` +
          `the category and the sort. ${CACHED}`,
        params: categoryParams,
        querystring: categoryQuery,
        response: {
          200: json(
            'One page of its products; an unknown slug has none',
            productsPage,
            CACHE_HEADERS,
          ),
          304: notModified,
          ...errors({ 400: `A slug over 200 characters; ${BAD_PAGE.toLowerCase()}` }),
        },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await publicCatalog.category(request.params.category, request.query),
      ),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      bodyLimit: uploadBodyLimit,
      schema: {
        tags,
        summary: 'Create a product (admin)',
        description:
          'The previews (`previewImages`, 1 to 8 in display order, or one `previewImage`; real ' +
          'images, checked by their bytes) and the optional asset arrive as data URLs. The ' +
          'first preview is the card image. Pricing: `salePrice` (below `price`; `saleEndsAt` ' +
          'in the future or none), `pricing: pay_what_you_want` (`price` is the minimum, 0 ' +
          'allowed; `suggestedPrice` at least it; never on sale, never a bundle) and ' +
          '`bundleItems` (2-50 live products that are not bundles, in display order). ' +
          '`licensed` issues a license key per unit bought, for `activationLimit` devices ' +
          '(default 3) and `licenseDays` (default null: perpetual).',
        security: SIGNED_IN_ONLY,
        body: createProductBody,
        response: {
          201: json('The new product', productView),
          ...errors(UNSAFE, ADMIN, {
            400: 'An unknown category or asset type, no preview, more than 8, a preview that is not an image, or pricing fields that do not fit together (the message names the field)',
            413: 'A preview or the asset is over its size limit',
          }),
        },
      },
    },
    async (request, reply) => {
      const { price, ...fields } = request.body;
      const product = await products.create({ ...fields, priceCents: price });
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      bodyLimit: uploadBodyLimit,
      schema: {
        tags,
        summary: 'Edit a product (admin)',
        description:
          "Create's fields, checked as create checks them. `previewImages` is the whole gallery " +
          'in order: a data URL is a new image, any other entry must be a URL the product page ' +
          'lists (kept). Without it `previewImage` replaces the first image; with neither the ' +
          'gallery stays, as an `originalAsset` left out keeps the file. A new `originalAsset` is ' +
          'the next version of the file: ' +
          'buyers download it from then on (links issued before keep their version) and each ' +
          'gets one more download; with `notifyBuyers` those who have not opted out are ' +
          'mailed `releaseNote`. Both happen in a background job, after the answer. A new ' +
          'price applies to carts and orders from then on; placed orders keep theirs. A pricing ' +
          'field left out keeps its value, null removes it (a sale removed: the price is ' +
          'charged again); a product in a bundle cannot become one. License fields left out ' +
          'keep their value (`licenseDays: null`: perpetual); keys issued already keep theirs.',
        security: SIGNED_IN_ONLY,
        params: productIdParams,
        body: updateProductBody,
        response: {
          200: json('The product as edited', productView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, {
            400: 'An unknown category or asset type, a preview that is not an image, an unknown kept preview (`Unknown preview image`), more than 8, `notifyBuyers` without a new file, or pricing fields that do not fit together',
            404: 'No such product, or a deleted one',
            413: 'A preview or the asset is over its size limit',
          }),
        },
      },
    },
    async (request) => {
      const { price, ...fields } = request.body;
      const product = await products.update(request.params.id, { ...fields, priceCents: price });
      if (!product) throw new HttpError(404, 'Product not found');
      return product;
    },
  );

  app.get(
    '/:id/buyers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Buyers an update mail would reach (admin)',
        description:
          'Buyers of the product whose orders were not refunded and who have not opted out of ' +
          'update mails: what the edit form shows before a new file is saved with ' +
          '`notifyBuyers`.',
        security: SIGNED_IN_ONLY,
        params: productIdParams,
        response: {
          200: json('How many buyers would be mailed', buyersAnswer),
          ...errors(ADMIN, NOT_UUID, { 404: 'No such product, or a deleted one' }),
        },
      },
    },
    async (request) => {
      const buyers = await products.buyersToTell(request.params.id);
      if (buyers === null) throw new HttpError(404, 'Product not found');
      return { buyers };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a product (admin)',
        description: 'Soft delete: it leaves the catalog and every cart; buyers keep downloads.',
        security: SIGNED_IN_ONLY,
        params: productIdParams,
        body: ignoredBody,
        response: {
          200: json('Deleted', deletedAnswer),
          ...errors(UNSAFE, ADMIN, NOT_UUID, { 404: 'No such product' }),
        },
      },
    },
    async (request) => {
      if (!(await products.remove(request.params.id))) {
        throw new HttpError(404, 'Product not found');
      }
      return { message: 'Product deleted successfully', id: request.params.id };
    },
  );

  app.patch(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Toggle featured (admin)',
        security: SIGNED_IN_ONLY,
        params: productIdParams,
        body: ignoredBody,
        response: {
          200: json('The product with `is_featured` toggled', productView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, { 404: 'No such product' }),
        },
      },
    },
    async (request) => {
      const product = await products.toggleFeatured(request.params.id);
      if (!product) throw new HttpError(404, 'Product not found');
      return product;
    },
  );
};

export default productRoutes;
