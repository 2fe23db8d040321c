import { couponAnswer, validateCouponBody, validCouponAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../accounts/viewer.ts';
import { toCouponView } from '../coupons.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Coupons'];

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;
  const limitValidation = requestLimiter(
    app.services.limits,
    'coupon',
    app.config.limits.couponValidation,
    'Too many coupon attempts. Please try again later.',
  );
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

  app.post(
    '/validate',
    {
      schema: {
        tags,
        summary: 'Check a coupon code before checkout',
        security: SIGNED_IN_ONLY,
        body: validateCouponBody,
        response: {
          200: json('Usable', validCouponAnswer),
          ...errors(UNSAFE, SIGNED_IN, {
            400: 'The coupon has expired',
            404: "No such active coupon of this user's",
            429: 'Too many coupon attempts',
          }),
        },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      await limitValidation(userId);
      const coupon = await coupons.usable(userId, request.body.code);
      return { message: 'Coupon is valid', ...toCouponView(coupon) };
    },
  );
};

export default couponRoutes;
