import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { toCouponView } from '../../services/coupons.ts';
import { requestLimiter } from '../../services/request-limit.ts';

const validateBody = z.object({
  code: z
    .string({ error: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(64, 'Coupon not found'),
});

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;
  const limitValidation = requestLimiter(
    app.services.limits,
    'coupon',
    app.config.limits.couponValidation,
    'Too many coupon attempts. Please try again later.',
  );
  app.addHook('onRequest', app.requireUser);

  app.get('/', async (request) => coupons.current(viewerOf(request).user.id));

  app.post('/validate', { schema: { body: validateBody } }, async (request) => {
    const userId = viewerOf(request).user.id;
    await limitValidation(userId);
    const coupon = await coupons.usable(userId, request.body.code);
    return { message: 'Coupon is valid', ...toCouponView(coupon) };
  });
};

export default couponRoutes;
