import assert from 'node:assert/strict';
import { HttpClient } from './http-client.ts';

export const PASSWORD = 'Secret#123';

export interface Mail {
  to: string;
  subject: string;
  links: string[];
}

export interface Account {
  client: HttpClient;
  email: string;
  id: string;
}

/** Mail of every instance: they share the outbox folder, as they would share an SMTP relay. */
export async function outbox(baseUrl: string): Promise<Mail[]> {
  const answer = await new HttpClient(baseUrl).get<{ messages: Mail[] }>('/api/dev/outbox');
  assert.equal(answer.status, 200, answer.text);
  return answer.body.messages;
}

/** Every step through the proxy, so consecutive steps land on different instances. */
export async function signUpAndLogIn(baseUrl: string, email: string): Promise<Account> {
  const client = new HttpClient(baseUrl);
  const signup = await client.post('/api/auth/signup', {
    name: 'Scale Tester',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  assert.equal(signup.status, 201, signup.text);
  const mail = (await outbox(baseUrl)).find(
    (message) =>
      message.to === email && message.links.some((link) => link.includes('/verify-email/')),
  );
  assert.ok(mail, `no verification mail for ${email}`);
  const token = mail.links
    .find((link) => link.includes('/verify-email/'))!
    .split('/')
    .pop()!;
  const verified = await client.get(`/api/auth/verify-email/${token}`);
  assert.equal(verified.status, 200, verified.text);
  const login = await client.post<{ id: string }>('/api/auth/login', { email, password: PASSWORD });
  assert.equal(login.status, 200, login.text);
  return { client, email, id: login.body.id };
}

export async function logIn(baseUrl: string, email: string, password: string) {
  const client = new HttpClient(baseUrl);
  const login = await client.post<{ id: string }>('/api/auth/login', { email, password });
  assert.equal(login.status, 200, login.text);
  return { client, email, id: login.body.id };
}
