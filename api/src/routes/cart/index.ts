import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { MAX_QUANTITY } from '../../services/cart.ts';

const productId = z
  .string({ error: 'Product id is required' })
  .pipe(z.uuid({ error: 'Product id must be a valid id' }));

const addBody = z.object({ productId });
// A DELETE without a body arrives as null.
const removeBody = z.object({ productId: productId.optional() }).nullish();
const quantityParams = z.object({ productId });
const quantityBody = z.object({
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity must be between 0 and 99')
    .max(MAX_QUANTITY, 'Quantity must be between 0 and 99'),
});

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app.services;
  // onRequest: a signed-out caller is refused before its body is read.
  app.addHook('onRequest', app.requireUser);

  app.get('/', async (request) => cart.list(viewerOf(request).user.id));

  app.post('/', { schema: { body: addBody } }, async (request) =>
    cart.add(viewerOf(request).user.id, request.body.productId),
  );

  app.put(
    '/:productId',
    { schema: { params: quantityParams, body: quantityBody } },
    async (request) =>
      cart.setQuantity(viewerOf(request).user.id, request.params.productId, request.body.quantity),
  );

  app.delete('/', { schema: { body: removeBody } }, async (request) =>
    cart.remove(viewerOf(request).user.id, request.body?.productId),
  );
};

export default cartRoutes;
