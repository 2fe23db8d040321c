import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutAnswer,
  checkoutBody,
  checkoutSuccessBody,
  confirmedAnswer,
  webhookAnswer,
  webhookBody,
} from '@store/contract';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import localCheckoutRoutes from './local-checkout.ts';

const tags = ['Payments'];

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;
  // Per user, each with its own count: every call asks the payment provider.
  const limiter = (name: string) =>
    requestLimiter(
      app.services.limits,
      name,
      app.config.limits.checkouts,
      'Too many checkout attempts. Please try again later.',
    );
  const limitCheckouts = limiter('checkout');
  const limitConfirmations = limiter('checkout-confirm');

  app.post(
    '/create-checkout-session',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Start a checkout',
        description:
          'Prices come from the database. Creates a pending order and asks the payment ' +
          'provider for a checkout session: a hosted page (`url`, the local provider) or ' +
          "Stripe's embedded Checkout (`clientSecret`). A coupon is held by one open checkout: " +
          'an earlier checkout of the shopper with it is ended at the provider first.',
        security: SIGNED_IN_ONLY,
        body: checkoutBody,
        response: {
          200: json('The session the shopper pays in', checkoutAnswer),
          ...errors(UNSAFE, SIGNED_IN, {
            400: 'An empty cart, a bad quantity, products no longer available (`productIds`), or an expired coupon',
            404: 'The coupon is not found',
            409: 'The coupon is held by another checkout that was paid or is being opened',
            429: 'Too many checkouts by this user',
            502: 'The payment provider failed; nothing was charged',
            504: 'The payment provider did not answer in time; nothing was charged',
          }),
        },
      },
    },
    async (request) => {
      const { user } = viewerOf(request);
      await limitCheckouts(user.id);
      return payments.createCheckoutSession(user, {
        products: request.body.products.map((line) => ({
          id: (line._id ?? line.id)!,
          quantity: line.quantity,
        })),
        couponCode: request.body.couponCode || null,
      });
    },
  );

  app.post(
    '/checkout-success',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Confirm a paid checkout',
        description:
          'Asks the provider; completes the order exactly once (a repeat answers the same).',
        security: SIGNED_IN_ONLY,
        body: checkoutSuccessBody,
        response: {
          200: json('Paid: the order is complete', confirmedAnswer),
          ...errors(UNSAFE, SIGNED_IN, {
            400: 'Not paid (yet), or the session was cancelled or expired',
            404: "No such checkout session of this user's",
            429: 'Too many confirmations by this user',
            502: 'The provider failed to answer; a paid order completes by itself later',
            504: 'The provider did not answer in time; a paid order completes by itself later',
          }),
        },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      await limitConfirmations(userId);
      return payments.confirm(userId, request.body.sessionId);
    },
  );

  // Signed by the provider, not by cookies; the signature covers the exact bytes received.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/webhook',
      {
        config: { skipOriginCheck: true },
        schema: {
          tags,
          summary: "The payment provider's webhook",
          description:
            'Signed by the provider (`Stripe-Signature`, or `Local-Signature: t=<unix>,v1=<hex ' +
            'HMAC-SHA256 of "t.body">`), not by cookies; completes or fails the order. Stripe\'s ' +
            '`charge.refunded`, `refund.failed` and `charge.dispute.created` refund, restore or ' +
            'dispute the order of their payment, once each.',
          body: webhookBody,
          response: {
            200: json('Acknowledged', webhookAnswer),
            ...errors({
              400: 'A missing or wrong signature, or an event that cannot be read',
              413: 'A body over the size limit',
              415: 'A body that is not JSON',
              502: 'The provider could not confirm yet: send it again later',
              504: 'The provider did not answer in time: send it again later',
            }),
          },
        },
      },
      async (request) =>
        payments.handleWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers,
        ),
    );
  });

  if (app.services.localCheckout) await app.register(localCheckoutRoutes);
};

export default paymentRoutes;
