import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBody,
  cartAnswer,
  cartLineParams,
  MAX_CART_LINES,
  quantityBody,
  removeFromCartBody,
} from '@store/contract';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Cart'];
const security = SIGNED_IN_ONLY;
const cart200 = json('The cart after the change', cartAnswer);

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app.services;
  // onRequest: a signed-out caller is refused before its body is read.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The cart',
        security,
        response: { 200: json('The cart', cartAnswer), ...errors(SIGNED_IN) },
      },
    },
    async (request) => cart.list(viewerOf(request).user.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add one of a product',
        description:
          `Creates the line at 1 or adds 1; a line at 99 stays at 99. A cart holds at most ` +
          `${MAX_CART_LINES} lines: a new product for a full cart is refused.`,
        security,
        body: addToCartBody,
        response: {
          200: cart200,
          ...errors(UNSAFE, SIGNED_IN, {
            400: `Cart is full (${MAX_CART_LINES} lines)`,
            404: 'No such product (or deleted)',
          }),
        },
      },
    },
    async (request) => cart.add(viewerOf(request).user.id, request.body.productId),
  );

  app.put(
    '/:productId',
    {
      schema: {
        tags,
        summary: "Set a line's quantity (and a pay-what-you-want price)",
        description:
          '0 removes the line; a product not in the cart is added, if it has room. ' +
          "`customPrice` is the buyer's price for one unit of a pay-what-you-want product " +
          '(left out: the line keeps its own; none: the suggested price, else the minimum).',
        security,
        params: cartLineParams,
        body: quantityBody,
        response: {
          200: cart200,
          ...errors(UNSAFE, SIGNED_IN, {
            400:
              `The id is not a UUID, the cart is full (${MAX_CART_LINES} lines), a ` +
              '`customPrice` for a fixed price (`This product has a fixed price`) or below ' +
              'the minimum (`Price must be at least $X.XX`)',
            404: 'No such product (or deleted)',
          }),
        },
      },
    },
    async (request) =>
      cart.setQuantity(
        viewerOf(request).user.id,
        request.params.productId,
        request.body.quantity,
        request.body.customPrice,
      ),
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Remove a line, or empty the cart',
        description: 'Without a body (or without `productId`) the whole cart is emptied.',
        security,
        body: removeFromCartBody,
        response: { 200: cart200, ...errors(UNSAFE, SIGNED_IN) },
      },
    },
    async (request) => cart.remove(viewerOf(request).user.id, request.body?.productId),
  );
};

export default cartRoutes;
