import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TestClient } from './client.ts';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  links: string[];
  createdAt: string;
}

export async function outbox(app: FastifyInstance): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  assert.equal(response.statusCode, 200);
  return response.json<{ messages: OutboxMessage[] }>().messages;
}

/** The newest link of a kind mailed to `to`, and the token at its end. */
export async function mailedLink(
  app: FastifyInstance,
  to: string,
  kind: 'verify-email' | 'reset-password',
) {
  const message = (await outbox(app)).find(
    (entry) => entry.to === to && entry.links.some((link) => link.includes(`/${kind}/`)),
  );
  assert.ok(message, `no ${kind} mail for ${to}`);
  const link = message.links.find((candidate) => candidate.includes(`/${kind}/`))!;
  return { link, token: link.split('/').pop()!, message };
}

export const PASSWORD = 'Secret#123';

export async function signUp(app: FastifyInstance, email = uniqueEmail(), name = 'Test User') {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/signup', {
    name,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  assert.equal(response.statusCode, 201, response.body);
  return email;
}

/** Signs up, verifies through the mailed link and logs in; returns a signed-in client. */
export async function signedInUser(app: FastifyInstance, options: { rememberMe?: boolean } = {}) {
  const email = await signUp(app);
  const { token } = await mailedLink(app, email, 'verify-email');
  const verified = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
  assert.equal(verified.statusCode, 200, verified.body);
  const client = new TestClient(app);
  const login = await client.post('/api/auth/login', {
    email,
    password: PASSWORD,
    rememberMe: options.rememberMe ?? false,
  });
  assert.equal(login.statusCode, 200, login.body);
  return { client, email, user: login.json<{ id: string; name: string }>() };
}
