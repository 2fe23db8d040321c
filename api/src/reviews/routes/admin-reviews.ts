import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReviewsPage, adminReviewsQuery } from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Reviews'];
const security = SIGNED_IN_ONLY;

/** Every review of the store, for the admin: `GET /api/admin/reviews`. */
const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviewModeration } = app.services;

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Every review, paged and filtered (admin)',
        description:
          'Newest first across the store, hidden ones too; `rating` keeps one star rating, ' +
          '`hidden` hidden or shown ones. The cursor belongs to its filters.',
        security,
        querystring: adminReviewsQuery,
        response: {
          200: json('One page of reviews, newest first', adminReviewsPage),
          ...errors(ADMIN, {
            400: 'A bad cursor (or one of other filters), limit, rating or hidden',
          }),
        },
      },
    },
    async (request) => {
      const { cursor, ...filter } = request.query;
      const page = await reviewModeration.listAll(filter, cursor);
      return { reviews: page.items, nextCursor: page.nextCursor };
    },
  );
};

export default adminReviewRoutes;
