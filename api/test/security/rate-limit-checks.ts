import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { APP_ORIGIN, type TestClient } from '../helpers/client.ts';

/**
 * A 429 per contract: `Retry-After` in whole seconds within the window, JSON `{message}`, the
 * header readable by the app. Callers send the app's Origin.
 */
export function assertLimited(response: LightMyRequestResponse, windowSeconds: number): void {
  assert.equal(response.statusCode, 429, response.body);
  const retryAfter = String(response.headers['retry-after']);
  assert.match(retryAfter, /^\d+$/, `Retry-After "${retryAfter}"`);
  assert.ok(Number(retryAfter) > 0 && Number(retryAfter) <= windowSeconds, retryAfter);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json<{ message?: unknown }>();
  assert.equal(typeof body.message, 'string');
  assert.ok((body.message as string).length > 0);
  // The app reads it from another origin, so CORS must expose it.
  assert.match(String(response.headers['access-control-expose-headers']), /\bRetry-After\b/);
}

/** A signed-out browser call from a given client address (inject's default is 127.0.0.1). */
export function postFrom(app: FastifyInstance, ip: string, url: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: APP_ORIGIN },
    remoteAddress: ip,
  });
}

export function signupBody(email: string) {
  return { name: 'Rate Tester', email, password: 'Secret#123', confirmPassword: 'Secret#123' };
}

/** The code of the client's active coupon (every verified account has a welcome coupon). */
export async function couponCodeOf(client: TestClient): Promise<string> {
  const response = await client.get('/api/coupons');
  assert.equal(response.statusCode, 200, response.body);
  const coupon = response.json<{ code: string } | null>();
  assert.ok(coupon, 'no active coupon');
  return coupon.code;
}
