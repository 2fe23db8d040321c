import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewView,
  helpfulAnswer,
  replyBody,
  reviewParams,
  reviewView,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { viewerOf } from '../../accounts/viewer.ts';

const tags = ['Reviews'];
const security = SIGNED_IN_ONLY;
const NOT_UUID = { 400: 'The id is not a UUID' };
const NO_REVIEW = { 404: 'No such review' };

/** What is done to one review: `/api/reviews/:id/...`. */
const reviewActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews, reviewModeration } = app.services;
  const limitVotes = requestLimiter(
    app.services.limits,
    'helpful-vote',
    app.config.limits.helpfulVotes,
    'Too many votes. Please try again later.',
  );

  app.post(
    '/:id/helpful',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Find a review helpful',
        description: 'Once per user and review, never on your own; the `helpful` sort follows.',
        security,
        params: reviewParams,
        body: ignoredBody,
        response: {
          200: json("The review's helpful count now", helpfulAnswer),
          ...errors(UNSAFE, SIGNED_IN, NOT_UUID, {
            403: "The viewer's own review",
            404: 'No such review, or a hidden one',
            409: 'The viewer already found it helpful',
            429: 'Too many votes',
          }),
        },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      await limitVotes(userId);
      return reviews.markHelpful(userId, request.params.id);
    },
  );

  app.post(
    '/:id/reply',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Reply to a review (admin)',
        description: "The store's public reply under the review; a second one replaces it.",
        security,
        params: reviewParams,
        body: replyBody,
        response: {
          200: json('The review with its reply', reviewView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, NO_REVIEW),
        },
      },
    },
    async (request) => reviewModeration.reply(request.params.id, request.body.body),
  );

  app.post(
    '/:id/hide',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Hide a review (admin)',
        description:
          'It leaves the list and the rating summary; its author still sees it, marked hidden.',
        security,
        params: reviewParams,
        body: ignoredBody,
        response: {
          200: json('The review, hidden', adminReviewView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, NO_REVIEW),
        },
      },
    },
    async (request) => reviewModeration.hide(request.params.id),
  );

  app.post(
    '/:id/unhide',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Show a hidden review again (admin)',
        description:
          'Back in the list and the rating summary, unless its author no longer owns the ' +
          'product (a refund or dispute took it back): then 409, and it stays hidden.',
        security,
        params: reviewParams,
        body: ignoredBody,
        response: {
          200: json('The review, shown', adminReviewView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, NO_REVIEW, {
            409: 'Its author no longer owns the product',
          }),
        },
      },
    },
    async (request) => reviewModeration.unhide(request.params.id),
  );
};

export default reviewActionRoutes;
