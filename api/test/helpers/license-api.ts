import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { ActivationAnswer, LicenseState } from '@store/contract';

/**
 * Suites call from inject's one address, far more often than an app would: the limits are
 * raised, and tested with low values on their own (license-hostile).
 */
export const LICENSE_TEST_ENV = {
  LICENSE_CALLS_PER_KEY_PER_MINUTE: '100000',
  LICENSE_CALLS_PER_ADDRESS_PER_MINUTE: '100000',
};

/** The origin of a page of the seller's, or of nothing the store knows. */
export const VENDOR_ORIGIN = 'https://vendor-app.example';

export type LicenseAction = 'activate' | 'validate' | 'deactivate';

/** A call of the buyer's software: no cookies, any origin. */
export function licenseCall(
  app: FastifyInstance,
  action: LicenseAction,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/licenses/${action}`,
    payload: payload as Record<string, unknown>,
    headers: { origin: VENDOR_ORIGIN, ...headers },
  });
}

/** Activates `key` on a device (a fresh fingerprint unless given); asserts the 201. */
export async function activated(
  app: FastifyInstance,
  key: string,
  fingerprint: string = randomUUID(),
  instanceName = 'Test laptop',
): Promise<ActivationAnswer> {
  const response = await licenseCall(app, 'activate', { key, instanceName, fingerprint });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<ActivationAnswer>();
}

/** validate or deactivate; asserts the 200. */
export async function licenseState(
  app: FastifyInstance,
  action: 'validate' | 'deactivate',
  key: string,
  instanceId: string,
): Promise<LicenseState> {
  const response = await licenseCall(app, action, { key, instanceId });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<LicenseState>();
}

export async function jwksOf(app: FastifyInstance): Promise<JSONWebKeySet> {
  const response = await app.inject({ method: 'GET', url: '/api/licenses/jwks.json' });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<JSONWebKeySet>();
}
