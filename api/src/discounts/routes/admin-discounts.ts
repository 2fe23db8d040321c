import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDiscountsQuery,
  discountBody,
  discountParams,
  discountsPage,
  discountView,
  messageAnswer,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Discounts'];
const security = SIGNED_IN_ONLY;
const NOT_UUID = { 400: 'The id is not a UUID' };
const BAD_BODY = {
  400:
    'A field at fault: the code (3 to 32 letters, digits or dashes), the value (a whole percent ' +
    'from 1 to 100, or dollars above 0), dates (ISO 8601, the end after the start), limits, or ' +
    'an unknown product or category in `appliesTo` (`Unknown product in appliesTo: <id>`)',
  409: 'Another live discount has this code (codes are unique ignoring case)',
};
const BODY_RULES =
  'The code is stored upper-cased; `value` is a whole percent (1-100) for `percent`, dollars ' +
  'off for `amount`. `appliesTo` null (or both lists empty) is the whole cart; every product ' +
  'named must be live and every category must exist. `maxUsesPerCustomer` defaults to 1, ' +
  '`active` to true (false pauses the code).';

/** The seller's discount codes, for the admin: `/api/admin/discounts`. */
const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { discounts } = app.services;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Discount codes, paged and searchable (admin)',
        description:
          'Newest first, deleted codes left out, each with its uses and revenue (completed ' +
          'orders). `q` keeps the codes that start with it, in any case. The cursor belongs ' +
          'to its `q`.',
        security,
        querystring: adminDiscountsQuery,
        response: {
          200: json('One page of discount codes, newest first', discountsPage),
          ...errors(ADMIN, { 400: 'A bad cursor (or one of another search), limit or q' }),
        },
      },
    },
    async (request) => {
      const { cursor, ...filter } = request.query;
      const page = await discounts.list(filter, cursor);
      return { discounts: page.items, nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a discount code (admin)',
        description: BODY_RULES,
        security,
        body: discountBody,
        response: {
          201: json('The new discount code', discountView),
          ...errors(UNSAFE, ADMIN, BAD_BODY),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await discounts.create(request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Replace a discount code (admin)',
        description:
          `The whole code, as create takes it (\`active: false\` pauses it). ${BODY_RULES} ` +
          'Orders that used it keep pointing at it; open checkouts keep the discount they were given.',
        security,
        params: discountParams,
        body: discountBody,
        response: {
          200: json('The discount code as replaced', discountView),
          ...errors(UNSAFE, ADMIN, NOT_UUID, BAD_BODY, {
            404: 'No such discount code, or a deleted one',
          }),
        },
      },
    },
    async (request) => discounts.replace(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a discount code (admin)',
        description:
          'Soft delete: the code leaves the list and no longer applies, its name is free for a ' +
          'new code, and the orders that used it keep pointing at it.',
        security,
        params: discountParams,
        body: ignoredBody,
        response: {
          200: json('Deleted', messageAnswer),
          ...errors(UNSAFE, ADMIN, NOT_UUID, { 404: 'No such discount code, or a deleted one' }),
        },
      },
    },
    async (request) => {
      await discounts.remove(request.params.id);
      return { message: 'Discount deleted' };
    },
  );
};

export default adminDiscountRoutes;
