import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateLicenseBody,
  activationAnswer,
  licenseInstanceBody,
  licenseJwks,
  licenseState,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';

const tags = ['Licenses'];
/** A key, a name and a fingerprint at their longest take well under 1 KB. */
const BODY_LIMIT = 4096;
const JWKS_MAX_AGE_SECONDS = 300;

/**
 * Called by the buyer's software from anywhere: any origin (`*`, never with credentials),
 * no cookies read, so no cross-site check. A key is its own credential.
 */
const config = { anyOrigin: true, skipOriginCheck: true };

const KEY = '7K2M9Q4D-1X8B3F6H-0V5N2C9R-4T7W1Y3Z';
const INSTANCE = '5f0c6a52-8c1e-4f7b-9a3d-2b6e4c8d1f07';
const STATE = {
  valid: true,
  status: 'active',
  expiresAt: null,
  activationLimit: 3,
  activations: 1,
} as const;

const REFUSALS = {
  400: 'A field missing or too long (`fields` names it)',
  404: "'License not found': no such key, malformed or not (the same answer for both)",
  413: 'A body over 4 KB',
  415: 'A body that is not JSON',
  429: 'Too many calls for this key, or from this address',
};

const SENDS =
  'No cookies, any origin (`Access-Control-Allow-Origin: *`). Rate limited per key ' +
  '(`LICENSE_CALLS_PER_KEY_PER_MINUTE`) and per client address ' +
  '(`LICENSE_CALLS_PER_ADDRESS_PER_MINUTE`). ';

/** The public license API: `/api/licenses`. */
const publicLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseApi, licenseTokens, limits } = app.services;
  const limitKeys = requestLimiter(
    limits,
    'license-key',
    app.config.limits.licenseCallsPerKey,
    'Too many calls for this license key. Please try again later.',
  );
  const limitAddresses = requestLimiter(
    limits,
    'license-address',
    app.config.limits.licenseCallsPerAddress,
    'Too many license calls from this address. Please try again later.',
  );
  // Before the body is read: a flood is refused at the cheapest point, whatever it sends.
  const perAddress = async (request: { ip: string }) => limitAddresses(request.ip);
  /** What every keyed call shares: its small body, and the per-address limit first. */
  const keyedCall = { config, bodyLimit: BODY_LIMIT, onRequest: perAddress };
  /** The key as sent, hashed once, after its own limit. */
  async function limitedKey(typed: string) {
    const key = licenseApi.typedKey(typed);
    await limitKeys(key.hex);
    return key;
  }

  // Preflights of these paths only, answered with `*` by the CORS hook (plugins/cors.ts).
  for (const path of ['/activate', '/validate', '/deactivate', '/jwks.json']) {
    app.options(path, { config }, async (_request, reply) => reply.code(204).send());
  }

  app.post(
    '/activate',
    {
      ...keyedCall,
      schema: {
        tags,
        summary: 'Activate a license key on a device',
        description:
          SENDS +
          'The same `fingerprint` again is the same activation (renamed, seen now) and answers ' +
          '201 with its `instanceId` too. `token` is a compact JWS (EdDSA) the app verifies ' +
          'offline against `GET /api/licenses/jwks.json`; it expires after ' +
          '`LICENSE_TOKEN_DAYS`, never after the key. Keep `instanceId` to validate and ' +
          'deactivate.',
        body: activateLicenseBody.meta({
          examples: [{ key: KEY, instanceName: "Dora's laptop", fingerprint: 'a1b2c3d4e5f6' }],
        }),
        response: {
          201: json(
            'Activated (or the same device again)',
            activationAnswer.meta({
              example: {
                instanceId: INSTANCE,
                token: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiIsInR5cCI6ImxpY2Vuc2Urand0In0...',
                license: STATE,
              },
            }),
            { 'cache-control': { type: 'string', description: '`no-store`' } },
          ),
          ...errors(REFUSALS, {
            403: "The key is not active: 'License disabled', 'License revoked' or 'License expired'",
            409: "'Activation limit reached': deactivate a device first",
          }),
        },
      },
    },
    async (request, reply) => {
      const key = await limitedKey(request.body.key);
      const answer = await licenseApi.activate(key, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/validate',
    {
      ...keyedCall,
      schema: {
        tags,
        summary: "Check a license key and record the device's check-in",
        description:
          SENDS +
          '`valid`: the key is active and `instanceId` is one of its activations (checked in ' +
          'now). An `instanceId` that is not (released by the buyer, the seller or after ' +
          '`LICENSE_IDLE_DAYS` idle) answers `valid: false`: activate again.',
        body: licenseInstanceBody.meta({ examples: [{ key: KEY, instanceId: INSTANCE }] }),
        response: {
          200: json("The key's state", licenseState.meta({ example: STATE }), {
            'cache-control': { type: 'string', description: '`no-store`' },
          }),
          ...errors(REFUSALS),
        },
      },
    },
    async (request, reply) => {
      const key = await limitedKey(request.body.key);
      const state = await licenseApi.validate(key, request.body);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.post(
    '/deactivate',
    {
      ...keyedCall,
      schema: {
        tags,
        summary: 'Free the slot of a device',
        description:
          SENDS +
          "Deletes the activation; one already gone (or not the key's) is fine: 200 either " +
          "way. Allowed whatever the key's status.",
        body: licenseInstanceBody.meta({ examples: [{ key: KEY, instanceId: INSTANCE }] }),
        response: {
          200: json(
            "The key's state without the device",
            licenseState.meta({ example: { ...STATE, activations: 0 } }),
            { 'cache-control': { type: 'string', description: '`no-store`' } },
          ),
          ...errors(REFUSALS),
        },
      },
    },
    async (request, reply) => {
      const key = await limitedKey(request.body.key);
      const state = await licenseApi.deactivate(key, request.body);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.get(
    '/jwks.json',
    {
      config,
      schema: {
        tags,
        summary: 'The public keys that sign activation tokens (JWKS)',
        description:
          'Ed25519 (`OKP`) keys by `kid`: the signing key and those rotations replaced, so ' +
          'earlier tokens verify until they expire. Any origin, cacheable for 5 minutes.',
        response: {
          200: json(
            'A JSON Web Key Set',
            licenseJwks.meta({
              example: {
                keys: [
                  {
                    kty: 'OKP',
                    crv: 'Ed25519',
                    x: 'ypg67fxlGwj-jzRjmygAlL-BqOjYLDfc-bpFMtUSSGY',
                    kid: 'v4RZ0m7cHwBn3HVsm0gyqGZ4uK0SA8JnKGQYfnIjE5Q',
                    alg: 'EdDSA',
                    use: 'sig',
                  },
                ],
              },
            }),
            {
              'cache-control': {
                type: 'string',
                description: `\`public, max-age=${JWKS_MAX_AGE_SECONDS}\``,
              },
            },
          ),
          ...errors(),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`)
        .send(await licenseTokens.jwks()),
  );
};

export default publicLicenseRoutes;
