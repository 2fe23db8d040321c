import { localSessionParams } from '@store/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LocalCheckoutSession } from '../../db/schema.ts';
import { toProviderSession } from '../providers/local.ts';
import { html, noBody, type HeaderDocs } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { sendCheckoutPage, sendMessagePage } from './hosted-page.ts';

const FORM = 'application/x-www-form-urlencoded';

const tags = ['Payments'];
const PAGE_HEADERS: HeaderDocs = {
  'content-security-policy': { type: 'string', description: 'Per response, with a style nonce' },
  'cache-control': { type: 'string', description: '`no-store`' },
};
const notFoundPage = html('No such checkout session (a page)', PAGE_HEADERS);
const toStore = (description: string) =>
  noBody(description, { location: { type: 'string', description: "The store's page" } });
// The forms post without fields; a JSON body is accepted as well and ignored too.
const FORM_POST = {
  403: 'A cross-site post',
  413: 'A body over the size limit',
  415: 'A body that is neither a form nor JSON',
  400: 'Malformed JSON',
};

/**
 * The built-in provider's hosted checkout page. Pay marks the session paid and completes the
 * order right here (what a provider's webhook would do), so the order is complete even if the
 * browser never reaches the success page; then 303 to the app, like Stripe.
 */
const localCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/local-checkout/:sessionId',
    {
      schema: {
        tags,
        summary: 'The local hosted checkout page',
        description:
          'The `local` provider only (no `STRIPE_SECRET_KEY`): what Stripe Checkout would show.',
        params: localSessionParams,
        response: {
          200: html('The lines, the total, and Pay and Cancel buttons', PAGE_HEADERS),
          404: notFoundPage,
          410: html('The session has expired, or is already paid (a page)', PAGE_HEADERS),
          ...errors(),
        },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/local-checkout/:sessionId/pay',
    {
      config: { contentTypes: [FORM] },
      schema: {
        tags,
        summary: "Pay (the page's Pay button)",
        description: 'Marks the session paid and completes the order, then redirects.',
        params: localSessionParams,
        body: ignoredBody,
        response: {
          303: toStore("Paid: to the store's success page"),
          404: notFoundPage,
          410: html('The session has expired; nothing was paid (a page)', PAGE_HEADERS),
          ...errors(FORM_POST),
        },
      },
    },
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

  app.post(
    '/local-checkout/:sessionId/cancel',
    {
      config: { contentTypes: [FORM] },
      schema: {
        tags,
        summary: "Cancel (the page's Cancel button)",
        description: 'Ends the session and fails the order, then redirects.',
        params: localSessionParams,
        body: ignoredBody,
        response: {
          303: toStore("To the store's cancel page (its success page when already paid)"),
          404: notFoundPage,
          ...errors(FORM_POST),
        },
      },
    },
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
