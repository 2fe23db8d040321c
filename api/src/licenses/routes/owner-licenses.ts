import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenseActivationParams, licenseKey } from '@store/contract';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Licenses'];

/** The buyer's own keys: `/api/orders/licenses` (the keys arrive with purchased products). */
const ownerLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenses } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.delete(
    '/:id/activations/:instanceId',
    {
      schema: {
        tags,
        summary: 'Deactivate a device of one of my keys',
        description:
          'Frees the seat the device held, so another device can activate the key; the app ' +
          'on that device finds its instance gone at its next validate. An activation that is ' +
          'gone already (released, or deactivated by the app) answers the key as it is.',
        security: SIGNED_IN_ONLY,
        params: licenseActivationParams,
        body: ignoredBody,
        response: {
          200: json('The key, without that device', licenseKey),
          ...errors(UNSAFE, SIGNED_IN, {
            400: 'The license id or instance id is not a UUID',
            404: "No such key of this user's (`License not found`)",
          }),
        },
      },
    },
    async (request) =>
      licenses.deactivate(viewerOf(request).user.id, request.params.id, request.params.instanceId),
  );
};

export default ownerLicenseRoutes;
