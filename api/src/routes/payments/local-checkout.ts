import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { LocalCheckoutSession } from '../../db/schema.ts';
import { toProviderSession } from '../../services/payments/local.ts';
import { sendCheckoutPage, sendMessagePage } from './hosted-page.ts';

const FORM = 'application/x-www-form-urlencoded';

interface SessionParams {
  sessionId: string;
}

/**
 * The built-in provider's hosted checkout page. Pay marks the session paid and completes the
 * order right here (what a provider's webhook would do), so the order is complete even if the
 * browser never reaches the success page; then 303 to the app, like Stripe.
 */
const localCheckoutRoutes: FastifyPluginAsync = async (app) => {
  const local = app.services.localCheckout!;
  const { payments } = app.services;
  const appOrigin = new URL(app.config.appUrl).origin;
  const storeLink = app.config.appUrl;

  // The page's forms carry no fields; the body is read and dropped.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const notFound = (reply: FastifyReply) =>
    sendMessagePage(
      reply,
      404,
      'Checkout session not found',
      'This checkout link is not valid. Please start the checkout again from your cart.',
      storeLink,
    );

  const expired = (reply: FastifyReply, session: LocalCheckoutSession) =>
    sendMessagePage(
      reply,
      410,
      'This checkout session has expired',
      'No payment was made. Please start the checkout again from your cart.',
      session.cancelUrl,
    );

  const toSuccess = (reply: FastifyReply, session: LocalCheckoutSession) =>
    reply.redirect(local.successUrl(session), 303);

  app.get<{ Params: SessionParams }>('/local-checkout/:sessionId', async (request, reply) => {
    const session = await local.find(request.params.sessionId);
    if (!session) return notFound(reply);
    const state = local.stateOf(session);
    if (state === 'expired') return expired(reply, session);
    if (state === 'paid') {
      return sendMessagePage(
        reply,
        410,
        'This payment is complete',
        'This checkout session has already been paid.',
        local.successUrl(session),
      );
    }
    return sendCheckoutPage(reply, session, appOrigin);
  });

  app.post<{ Params: SessionParams }>(
    '/local-checkout/:sessionId/pay',
    { config: { contentTypes: [FORM] } },
    async (request, reply) => {
      const session = await local.pay(request.params.sessionId);
      if (!session) return notFound(reply);
      if (local.stateOf(session) !== 'paid') return expired(reply, session);
      try {
        await payments.settleSession(session.id, false, toProviderSession(session));
      } catch (error) {
        // The payment stands: the success page, a webhook or the sweep completes it later.
        request.log.error({ err: error, sessionId: session.id }, 'completing a paid order failed');
      }
      return toSuccess(reply, session);
    },
  );

  app.post<{ Params: SessionParams }>(
    '/local-checkout/:sessionId/cancel',
    { config: { contentTypes: [FORM] } },
    async (request, reply) => {
      const session = await local.cancel(request.params.sessionId);
      if (!session) return notFound(reply);
      if (local.stateOf(session) === 'paid') return toSuccess(reply, session);
      try {
        await payments.settleSession(session.id);
      } catch (error) {
        // The session is over either way; the sweep fails the order later.
        request.log.error(
          { err: error, sessionId: session.id },
          'failing a cancelled order failed',
        );
      }
      return reply.redirect(session.cancelUrl, 303);
    },
  );
};

export default localCheckoutRoutes;
