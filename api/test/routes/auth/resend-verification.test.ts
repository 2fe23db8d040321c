import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import {
  PASSWORD,
  mailedLink,
  outbox,
  signUp,
  signedInUser,
  uniqueEmail,
} from '../../helpers/accounts.ts';

const ANSWER = {
  message:
    'If this email belongs to an account awaiting verification, a new verification link has been sent.',
};

describeEachDatabase('resend the verification mail', (suite) => {
  const resend = (body: unknown) =>
    new TestClient(suite.app).post('/api/auth/resend-verification', body);
  const verify = (token: string) =>
    suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
  const mailsTo = async (email: string) =>
    (await outbox(suite.app)).filter((mail) => mail.to === email).length;

  it('answers an unknown address like any other and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    const response = await resend({ email });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), ANSWER);
    assert.equal(await mailsTo(email), 0);
  });

  it('answers a verified address the same and mails it nothing', async () => {
    const { email } = await signedInUser(suite.app);
    const before = await mailsTo(email);
    const response = await resend({ email: email.toUpperCase() });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), ANSWER);
    assert.equal(await mailsTo(email), before);
  });

  it('mails an unverified address a new link that verifies, and the earlier link stops working', async () => {
    const email = await signUp(suite.app, uniqueEmail(), 'Nora Newlink');
    const first = await mailedLink(suite.app, email, 'verify-email');

    const response = await resend({ email: `  ${email.toUpperCase()} ` });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), ANSWER);
    assert.equal(await mailsTo(email), 2);
    const second = await mailedLink(suite.app, email, 'verify-email');
    assert.notEqual(second.token, first.token);
    assert.match(second.link, /^http:\/\/localhost:3000\/verify-email\/[\w-]{20,}$/);

    const old = await verify(first.token);
    assert.equal(old.statusCode, 400, old.body);
    assert.equal(old.json().message, 'Invalid or expired verification link');
    const fresh = await verify(second.token);
    assert.equal(fresh.statusCode, 200, fresh.body);
    assert.deepEqual(fresh.json().user, { name: 'Nora Newlink', email });
    const login = await new TestClient(suite.app).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    assert.equal(login.statusCode, 200, login.body);

    // Verified now: a further request changes nothing and still answers the same.
    const after = await resend({ email });
    assert.deepEqual([after.statusCode, after.json()], [200, ANSWER]);
    assert.equal(await mailsTo(email), 2);
  });

  it('answers 429 past 5 requests an hour per e-mail, the same for registered and unknown', async () => {
    const registered = await signUp(suite.app);
    const unknown = uniqueEmail('stranger');
    const answers = new Map<string, Array<[number, string]>>();
    for (const email of [registered, unknown]) {
      const seen: Array<[number, string]> = [];
      for (let attempt = 0; attempt <= 5; attempt += 1) {
        const response = await resend({ email });
        seen.push([response.statusCode, response.json().message]);
        if (attempt === 5) {
          assert.ok(Number(response.headers['retry-after']) > 0, 'Retry-After');
          assert.ok(Number(response.headers['retry-after']) <= 60 * 60);
        }
      }
      answers.set(email, seen);
    }
    assert.deepEqual(answers.get(registered), answers.get(unknown));
    assert.deepEqual(answers.get(registered), [
      ...Array<[number, string]>(5).fill([200, ANSWER.message]),
      [429, 'Too many verification emails requested. Please try again later.'],
    ]);
    // The signup mail and five resends; the refused sixth sent nothing.
    assert.equal(await mailsTo(registered), 6);

    // Counted per e-mail: another address is still served.
    const other = await signUp(suite.app);
    const served = await resend({ email: other });
    assert.equal(served.statusCode, 200, served.body);
    assert.equal(await mailsTo(other), 2);
  });

  it('refuses a missing, malformed or mistyped e-mail with 400 and the reason', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Email is required'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ email: 42 }, 'Email must be a string'],
      [{ email: `${'a'.repeat(250)}@example.test` }, 'Email is too long'],
    ];
    for (const [body, reason] of cases) {
      const response = await resend(body);
      assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
      assert.equal(response.json().fields.email, reason, JSON.stringify(body));
      assert.equal(typeof response.json().message, 'string');
    }
    const notJson = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    assert.equal(notJson.statusCode, 400, notJson.body);
  });
});
