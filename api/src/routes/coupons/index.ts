import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { toCouponView } from '../../services/coupons.ts';
import { requestLimiter } from '../../services/request-limit.ts';
import { json } from '../common/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../common/errors.ts';
import { integer } from '../common/formats.ts';
import { SIGNED_IN_ONLY } from '../common/security.ts';

const couponAnswer = z
  .object({
    code: z.string(),
    discountPercentage: integer.meta({ description: 'Percent off the order total' }),
  })
  .meta({ id: 'Coupon', description: "The signed-in user's coupon" });

const validAnswer = couponAnswer.extend({ message: z.string() });

const validateBody = z.object({
  code: z
    .string({ error: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(64, 'Coupon not found'),
});

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
        body: validateBody,
        response: {
          200: json('Usable', validAnswer),
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
