import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import { PASSWORD, mailedLink, outbox, signedInUser, uniqueEmail } from '../../helpers/accounts.ts';

describeEachDatabase('forgot, reset and change password', (suite) => {
  const forgot = (email: unknown) =>
    new TestClient(suite.app).post('/api/auth/forgot-password', { email });
  const login = (email: string, password: string) =>
    new TestClient(suite.app).post('/api/auth/login', { email, password });

  it('answers the same 200 for known and unknown addresses and mails only the known', async () => {
    const { email } = await signedInUser(suite.app);
    const known = await forgot(email.toUpperCase());
    const unknownEmail = uniqueEmail();
    const unknown = await forgot(unknownEmail);
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(known.json(), unknown.json());
    const { link } = await mailedLink(suite.app, email, 'reset-password');
    assert.match(link, /^http:\/\/localhost:3000\/reset-password\/[\w-]{20,}$/);
    assert.equal((await outbox(suite.app)).filter((m) => m.to === unknownEmail).length, 0);
  });

  it('answers 400 for a malformed e-mail and 429 after 5 requests an hour', async () => {
    const malformed = await forgot('nope');
    assert.equal(malformed.statusCode, 400);
    assert.ok(malformed.json().fields.email);
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      assert.equal((await forgot(email)).statusCode, 200);
    }
    const limited = await forgot(email);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('resets once through the mailed link and revokes every session', async () => {
    const { client, email } = await signedInUser(suite.app);
    await forgot(email);
    const { token } = await mailedLink(suite.app, email, 'reset-password');
    const reset = (password: string) =>
      new TestClient(suite.app).post(`/api/auth/reset-password/${token}`, { password });
    const short = await reset('12345');
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().fields.password, 'Password must be at least 6 characters long');
    const done = await reset('Brand#New1');
    assert.equal(done.statusCode, 200);
    assert.ok(done.json().message);
    assert.equal((await reset('Another#1')).statusCode, 400, 'single use');
    assert.equal((await client.get('/api/auth/profile')).statusCode, 401);
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 401);
    assert.equal((await login(email, PASSWORD)).statusCode, 401);
    assert.equal((await login(email, 'Brand#New1')).statusCode, 200);
  });

  it('rejects unknown and expired reset tokens with 400', async () => {
    const unknown = await new TestClient(suite.app).post('/api/auth/reset-password/nope', {
      password: 'Brand#New1',
    });
    assert.equal(unknown.statusCode, 400);
    const { email } = await signedInUser(suite.app);
    await forgot(email);
    const { token } = await mailedLink(suite.app, email, 'reset-password');
    await suite.app.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset'`,
    );
    const expired = await new TestClient(suite.app).post(`/api/auth/reset-password/${token}`, {
      password: 'Brand#New1',
    });
    assert.equal(expired.statusCode, 400);
  });

  it('changes the password, keeping this session and revoking the others', async () => {
    const { client, email } = await signedInUser(suite.app);
    const otherDevice = await login(email, PASSWORD);
    const other = new TestClient(suite.app);
    other.store(otherDevice);
    assert.equal((await other.get('/api/auth/profile')).statusCode, 200);

    const wrong = await client.put('/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'Changed#1',
    });
    assert.equal(wrong.statusCode, 400);
    assert.ok(wrong.json().message);
    const short = await client.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: '123',
    });
    assert.equal(short.statusCode, 400);
    assert.ok(short.json().fields.newPassword);

    const changed = await client.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Changed#1',
    });
    assert.equal(changed.statusCode, 200);
    assert.ok(changed.json().message);
    assert.equal((await client.get('/api/auth/profile')).statusCode, 200);
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 200);
    assert.equal((await other.get('/api/auth/profile')).statusCode, 401);
    assert.equal((await other.post('/api/auth/refresh-token')).statusCode, 401);
    assert.equal((await login(email, 'Changed#1')).statusCode, 200);
    const signedOut = new TestClient(suite.app);
    const anonymous = await signedOut.put('/api/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'bbbbbb',
    });
    assert.equal(anonymous.statusCode, 401);
  });

  it('ends every reset link mailed before a password change', async () => {
    const { client, email } = await signedInUser(suite.app);
    assert.equal((await forgot(email)).statusCode, 200);
    const { token } = await mailedLink(suite.app, email, 'reset-password');
    const changed = await client.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Changed#1',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const reset = await new TestClient(suite.app).post(`/api/auth/reset-password/${token}`, {
      password: 'Attacker#1',
    });
    assert.equal(reset.statusCode, 400);
    assert.deepEqual(reset.json(), { message: 'Invalid or expired password reset link' });
    assert.equal((await login(email, 'Changed#1')).statusCode, 200);
  });
});
