import { cartQuote, quoteQuery, validateCouponBody, validCodeAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { codeGuesses } from '../code-guesses.ts';

const security = SIGNED_IN_ONLY;

const REFUSED =
  'The coupon has expired; the code is paused, not valid yet, ended, used up or used by this ' +
  'customer already; it applies to nothing in the cart, or its lines are below its minimum';
const refusals = {
  400: REFUSED,
  404: "No such code (or someone else's coupon)",
  429: 'Too many coupon attempts',
};

/**
 * The cart's quote and the coupon box: a code (the customer's own coupon or a seller's code)
 * priced against the cart as checkout will price it. Registered under `/api` with full paths:
 * they extend the cart's and the coupons' routes, which cannot import this domain.
 */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app.services;
  const guesses = codeGuesses(app.services.limits, app.config.limits.couponValidation);
  // onRequest: a signed-out caller is refused before its body is read.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/cart/quote',
    {
      schema: {
        tags: ['Cart'],
        summary: "The cart's figures, as checkout will charge them",
        description:
          'Prices from the database, the code applied as checkout applies it: each line carries ' +
          'its share of the discount, and the shares add up to it. An empty cart quotes zeros ' +
          '(a code given is still checked). A code not found counts as a guess against the ' +
          "coupon box's limit; once that is spent, quotes with a code answer 429 too.",
        security,
        querystring: quoteQuery,
        response: { 200: json('The figures', cartQuote), ...errors(SIGNED_IN, refusals) },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      const { code } = request.query;
      if (code === null) return quotes.quote(userId, null);
      return guesses.quoting(userId, () => quotes.quote(userId, code));
    },
  );

  app.post(
    '/coupons/validate',
    {
      schema: {
        tags: ['Coupons'],
        summary: 'Check a code against the cart before checkout',
        description:
          "The user's own coupon, or a seller's discount code. A percent code answers " +
          '`discountPercentage`, an amount code `discountAmount` (its dollars off). With lines in ' +
          'the cart, the code must apply to one of them and reach its minimum. Every check ' +
          'counts against the limit of guesses.',
        security,
        body: validateCouponBody,
        response: {
          200: json('Usable', validCodeAnswer),
          ...errors(UNSAFE, SIGNED_IN, refusals),
        },
      },
    },
    async (request) => {
      const userId = viewerOf(request).user.id;
      await guesses.count(userId);
      return quotes.checkCode(userId, request.body.code);
    },
  );
};

export default quoteRoutes;
