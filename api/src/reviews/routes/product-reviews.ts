import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedAnswer,
  productIdParams,
  productMine,
  reviewBody,
  reviewView,
  reviewsPage,
  reviewsQuery,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { viewerOf } from '../../accounts/viewer.ts';

const tags = ['Reviews'];
const security = SIGNED_IN_ONLY;
const NOT_UUID = { 400: 'The id is not a UUID' };
const NO_PRODUCT = 'No such product, or a deleted one';
const NOT_BUYER = 'The viewer does not own the product now (never bought, or refunded)';
const NO_REVIEW = 'The viewer has not reviewed this product';
const TOO_MANY = { 429: 'Too many reviews posted or edited' };

/** A product's reviews (`/api/products/:id/reviews`) and what of the page is the viewer's. */
const productReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews } = app.services;
  const limitWrites = requestLimiter(
    app.services.limits,
    'review-write',
    app.config.limits.reviewWrites,
    'Too many reviews posted or edited. Please try again later.',
  );

  app.get(
    '/:id/reviews',
    {
      schema: {
        tags,
        summary: "A product's reviews",
        description:
          'Shown reviews only (a hidden one is not listed), one keyset page in the chosen ' +
          'order: `newest` (default), `helpful`, `rating_desc` or `rating_asc`. The cursor ' +
          'belongs to the product and the sort.',
        params: productIdParams,
        querystring: reviewsQuery,
        response: {
          200: json('One page of reviews', reviewsPage),
          ...errors({
            400: 'The id is not a UUID; a bad cursor (or one of another product or sort), limit or sort',
            404: NO_PRODUCT,
          }),
        },
      },
    },
    async (request) => {
      const { cursor, ...page } = request.query;
      const { items, nextCursor } = await reviews.list(request.params.id, page, cursor);
      return { reviews: items, nextCursor };
    },
  );

  app.post(
    '/:id/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Review a product',
        description:
          'Only a buyer who owns the product now (a completed order not refunded), once per ' +
          'product: `PUT` and `DELETE` `/reviews/mine` change it. Title and body are plain ' +
          'text, stored as sent (trimmed).',
        security,
        params: productIdParams,
        body: reviewBody,
        response: {
          201: json('The review as listed', reviewView),
          ...errors(UNSAFE, SIGNED_IN, NOT_UUID, TOO_MANY, {
            403: NOT_BUYER,
            404: NO_PRODUCT,
            409: 'The viewer already reviewed this product',
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = viewerOf(request).user.id;
      await limitWrites(userId);
      const review = await reviews.create(userId, request.params.id, request.body);
      return reply.code(201).send(review);
    },
  );

  app.put(
    '/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edit my review',
        description:
          "Create's fields, checked as create checks them; only while the viewer owns the " +
          'product. A hidden review stays hidden.',
        security,
        params: productIdParams,
        body: reviewBody,
        response: {
          200: json('The review as edited', reviewView),
          ...errors(UNSAFE, SIGNED_IN, NOT_UUID, TOO_MANY, {
            403: NOT_BUYER,
            404: `${NO_PRODUCT}; ${NO_REVIEW.toLowerCase()}`,
          }),
        },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      await limitWrites(userId);
      return reviews.update(userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete my review',
        description: 'It leaves the list and the rating at once; the viewer may review again.',
        security,
        params: productIdParams,
        body: ignoredBody,
        response: {
          200: json("Deleted; `id` is the review's", deletedAnswer),
          ...errors(UNSAFE, SIGNED_IN, NOT_UUID, {
            404: `${NO_PRODUCT}; ${NO_REVIEW.toLowerCase()}`,
          }),
        },
      },
    },
    async (request) => {
      const id = await reviews.remove(viewerOf(request).user.id, request.params.id);
      return { message: 'Review deleted', id };
    },
  );

  app.get(
    '/:id/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'What of a product page is mine',
        description:
          "Whether the viewer owns the product, the viewer's own review (hidden or not), " +
          'the purchase as My Downloads lists it and, for a bundle, how many of its items the ' +
          'viewer owns and what it costs them; the page itself is alike for everyone.',
        security,
        params: productIdParams,
        response: {
          200: json("The viewer's part of the page", productMine),
          ...errors(SIGNED_IN, NOT_UUID, { 404: NO_PRODUCT }),
        },
      },
    },
    async (request) => reviews.mine(viewerOf(request).user.id, request.params.id),
  );
};

export default productReviewRoutes;
