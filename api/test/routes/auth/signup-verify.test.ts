import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import { PASSWORD, mailedLink, outbox, signUp, uniqueEmail } from '../../helpers/accounts.ts';

describeEachDatabase('signup and e-mail verification', (suite) => {
  const signup = (body: Record<string, unknown>) =>
    new TestClient(suite.app).post('/api/auth/signup', body);

  it('creates an account (201) and mails a 24 h verification link to the app', async () => {
    const email = uniqueEmail();
    const response = await signup({
      name: 'Ann',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    assert.equal(response.statusCode, 201);
    assert.deepEqual(response.json(), {
      message: 'Account created! Please check your email for verification.',
    });
    const { link } = await mailedLink(suite.app, email, 'verify-email');
    assert.match(link, /^http:\/\/localhost:3000\/verify-email\/[\w-]{20,}$/);
  });

  it('rejects invalid input with 400 and per-field reasons', async () => {
    const invalidEmail = await signup({ name: 'A', email: 'not-an-email', password: PASSWORD });
    assert.equal(invalidEmail.statusCode, 400);
    assert.ok(invalidEmail.json().fields.email);
    const short = await signup({ name: 'A', email: uniqueEmail(), password: '12345' });
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().fields.password, 'Password must be at least 6 characters long');
    const mismatch = await signup({
      name: 'A',
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: 'Other#123',
    });
    assert.equal(mismatch.statusCode, 400);
    assert.equal(mismatch.json().fields.confirmPassword, 'Passwords do not match');
    const missing = await signup({});
    assert.equal(missing.statusCode, 400);
    assert.ok(missing.json().fields.name && missing.json().fields.email);
  });

  it('answers 409 for a taken e-mail, compared case-insensitively', async () => {
    const email = await signUp(suite.app);
    const response = await signup({ name: 'B', email: email.toUpperCase(), password: PASSWORD });
    assert.equal(response.statusCode, 409);
    assert.ok(response.json().message);
  });

  it('flags a taken address not verified yet with emailVerificationRequired, mailing nothing', async () => {
    const email = await signUp(suite.app);
    const mails = async () => (await outbox(suite.app)).filter((m) => m.to === email).length;
    const unverified = await signup({
      name: 'Again',
      email: email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    assert.equal(unverified.statusCode, 409, unverified.body);
    assert.equal(unverified.json().emailVerificationRequired, true);
    assert.match(unverified.json().message, /not verified/);
    assert.equal(await mails(), 1, 'only the first sign-up mailed a link');

    const { token } = await mailedLink(suite.app, email, 'verify-email');
    await suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    const verified = await signup({ name: 'Again', email, password: PASSWORD });
    assert.equal(verified.statusCode, 409, verified.body);
    assert.equal(verified.json().emailVerificationRequired, undefined);
    assert.equal(verified.json().message, 'An account with this email already exists');
  });

  it('verifies once through the mailed link, then rejects the used link', async () => {
    const email = await signUp(suite.app, undefined, 'Vera Verified');
    const { token } = await mailedLink(suite.app, email, 'verify-email');
    const first = await suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json().user, { name: 'Vera Verified', email });
    assert.ok(first.json().message);
    const again = await suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    assert.equal(again.statusCode, 400);
    const login = await new TestClient(suite.app).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    assert.equal(login.statusCode, 200);
    assert.equal(login.json().is_email_verified, true);
  });

  it('rejects unknown and expired verification tokens with 400', async () => {
    const unknown = await suite.app.inject({ method: 'GET', url: '/api/auth/verify-email/nope' });
    assert.equal(unknown.statusCode, 400);
    const email = await signUp(suite.app);
    const { token } = await mailedLink(suite.app, email, 'verify-email');
    await suite.app.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'verify'`,
    );
    const expired = await suite.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email/${token}`,
    });
    assert.equal(expired.statusCode, 400);
  });

  it('answers 403 with emailVerificationRequired for unverified logins, resending at most every 5 min', async () => {
    const email = await signUp(suite.app);
    const mailsFor = async () => (await outbox(suite.app)).filter((m) => m.to === email).length;
    const client = new TestClient(suite.app);
    const first = await client.post('/api/auth/login', { email, password: PASSWORD });
    assert.equal(first.statusCode, 403);
    assert.equal(first.json().emailVerificationRequired, true);
    assert.ok(first.json().message);
    assert.equal(first.cookies.length, 0);
    assert.equal(await mailsFor(), 1, 'the signup mail is recent, so no resend yet');

    await suite.app.db.execute(
      sql`update email_tokens set created_at = now() - interval '6 minutes' where purpose = 'verify'`,
    );
    await client.post('/api/auth/login', { email, password: PASSWORD });
    assert.equal(await mailsFor(), 2);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    assert.equal(await mailsFor(), 2);

    const wrongPassword = await client.post('/api/auth/login', { email, password: 'wrong-one' });
    assert.equal(wrongPassword.statusCode, 401);
  });
});
