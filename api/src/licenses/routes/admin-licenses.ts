import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLicense,
  adminLicensesPage,
  adminLicensesQuery,
  licenseParams,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Licenses'];
const security = SIGNED_IN_ONLY;
const NOT_UUID = { 400: 'The id is not a UUID' };
const NOT_FOUND = { 404: "'License not found'" };

/** The admin's license keys: `/api/admin/licenses`. */
const adminLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.services.licenseApi;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Find license keys by key or e-mail (admin)',
        description:
          "`q` is a whole key (any case, dashes optional) or the buyer's whole e-mail address " +
          '(any case). Newest first, each key masked but for its last group, with its ' +
          'devices. The cursor belongs to its `q`.',
        security,
        querystring: adminLicensesQuery,
        response: {
          200: json('One page of license keys, newest first', adminLicensesPage),
          ...errors(ADMIN, { 400: 'No q, or a bad cursor (or one of another search) or limit' }),
        },
      },
    },
    async (request) => {
      const { cursor, ...search } = request.query;
      return admin.search(search, cursor);
    },
  );

  const actions = [
    ['disable', 'Disable a license key (admin)', 'The public API refuses it (403) until enabled.'],
    [
      'enable',
      'Enable a license key again (admin)',
      'Undoes disable; a revoked key stays revoked.',
    ],
    ['reset', "Reset a license key's devices (admin)", 'Deletes every activation of the key.'],
  ] as const;
  for (const [action, summary, description] of actions) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          description,
          security,
          params: licenseParams,
          body: ignoredBody,
          response: {
            200: json('The key as it is now', adminLicense),
            ...errors(UNSAFE, ADMIN, NOT_UUID, NOT_FOUND),
          },
        },
      },
      async (request) => admin[action](request.params.id),
    );
  }
};

export default adminLicenseRoutes;
