import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { MAX_LINE_QUANTITY } from '../../services/payments/index.ts';
import localCheckoutRoutes from './local-checkout.ts';

const productId = z.string().pipe(z.uuid({ error: 'Product id must be a valid id' }));

const checkoutLine = z
  .object({
    _id: productId.optional(),
    id: productId.optional(),
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be between 1 and 99')
      .max(MAX_LINE_QUANTITY, 'Quantity must be between 1 and 99'),
  })
  .refine((line) => line._id ?? line.id, { error: 'Product id is required' });

const checkoutBody = z.object({
  products: z
    .array(checkoutLine, { error: 'Products are required' })
    .min(1, 'Your cart is empty')
    .max(100, 'Too many different products in one order'),
  couponCode: z.string().trim().max(64).nullish(),
});

const successBody = z.object({
  sessionId: z.string({ error: 'Session id is required' }).min(1).max(255),
});

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;

  app.post(
    '/create-checkout-session',
    { onRequest: app.requireUser, schema: { body: checkoutBody } },
    async (request) =>
      payments.createCheckoutSession(viewerOf(request).user, {
        products: request.body.products.map((line) => ({
          id: (line._id ?? line.id)!,
          quantity: line.quantity,
        })),
        couponCode: request.body.couponCode || null,
      }),
  );

  app.post(
    '/checkout-success',
    { onRequest: app.requireUser, schema: { body: successBody } },
    async (request) => payments.confirm(viewerOf(request).user.id, request.body.sessionId),
  );

  // Signed by the provider, not by cookies; the signature covers the exact bytes received.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.post('/webhook', { config: { skipOriginCheck: true } }, async (request) =>
      payments.handleWebhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers,
      ),
    );
  });

  if (app.services.localCheckout) await app.register(localCheckoutRoutes);
};

export default paymentRoutes;
