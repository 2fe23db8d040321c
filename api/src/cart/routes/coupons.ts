import { couponAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Coupons'];

// `POST /api/coupons/validate` checks a code against the cart, seller codes included: it is the
// discounts domain's (discounts/routes/quote.ts).
const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The active coupon',
        security: SIGNED_IN_ONLY,
        response: {
          200: json('The active, unexpired coupon, or null', couponAnswer.nullable()),
          ...errors(SIGNED_IN),
        },
      },
    },
    async (request) => coupons.current(viewerOf(request).user.id),
  );
};

export default couponRoutes;
