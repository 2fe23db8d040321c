import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.ts';
import { users } from '../../src/db/schema.ts';
import {
  mailedLink,
  outbox,
  PASSWORD,
  signUp,
  signedInUser,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { dataUrl, type ProductJson } from '../helpers/catalog.ts';
import { buy, createProducts, startCheckout } from '../helpers/checkout.ts';
import { requestDownload } from '../helpers/downloads.ts';
import { assertLimited, couponCodeOf, postFrom, signupBody } from './rate-limit-checks.ts';

// The limits as shipped: these suites run with the defaults, not test-friendly values.
const LIMITS = loadConfig({}).limits;
const LOGIN_WINDOW = LIMITS.loginWindowSeconds;

describeEachDatabase(
  'rate limits: sign-up per client address',
  (suite) => {
    it('answers 429 after the hourly sign-ups of one address, counting taken e-mails too', async () => {
      const { app } = suite;
      const ip = '203.0.113.7';
      const statuses: number[] = [];
      let email = '';
      for (let attempt = 0; attempt < LIMITS.signup.max; attempt += 1) {
        // Every other attempt repeats the last address: a 409 probe counts like a sign-up.
        if (attempt % 2 === 0) email = uniqueEmail('signup');
        statuses.push((await postFrom(app, ip, '/api/auth/signup', signupBody(email))).statusCode);
      }
      assert.deepEqual(
        statuses,
        Array.from({ length: LIMITS.signup.max }, (_, index) => (index % 2 ? 409 : 201)),
      );

      const refused = uniqueEmail('refused');
      const limited = await postFrom(app, ip, '/api/auth/signup', signupBody(refused));
      assertLimited(limited, LIMITS.signup.windowSeconds);
      assert.equal(limited.json().message, 'Too many sign-up attempts. Please try again later.');
      const created = await app.db.select().from(users).where(eq(users.email, refused));
      assert.deepEqual(created, [], 'no account behind a refused sign-up');
      assert.ok(!(await outbox(app)).some((mail) => mail.to === refused), 'no mail either');

      // Nobody else is refused: another address signs up, and this one still logs in and
      // asks for a reset link.
      const elsewhere = await postFrom(
        app,
        '203.0.113.8',
        '/api/auth/signup',
        signupBody(uniqueEmail('elsewhere')),
      );
      assert.equal(elsewhere.statusCode, 201, elsewhere.body);
      const { demoShopper } = suite.config;
      const login = await postFrom(app, ip, '/api/auth/login', {
        email: demoShopper.email,
        password: demoShopper.password,
      });
      assert.equal(login.statusCode, 200, login.body);
      const forgot = await postFrom(app, ip, '/api/auth/forgot-password', { email });
      assert.equal(forgot.statusCode, 200, forgot.body);
    });
  },
  { env: { SIGNUP_PER_HOUR: String(LIMITS.signup.max) } },
);

const WIDE = { perAddress: 4, perAccount: 3 };

describeEachDatabase(
  'rate limits: login guesses spread over accounts or over addresses',
  (suite) => {
    const login = (ip: string, email: string, password: string) =>
      postFrom(suite.app, ip, '/api/auth/login', { email, password });

    it('slows one address trying a password on many accounts; other addresses sign in', async () => {
      const victims = await Promise.all(
        Array.from({ length: WIDE.perAddress + 1 }, () => signedInUser(suite.app)),
      );
      const ip = '203.0.113.40';
      for (const victim of victims.slice(0, WIDE.perAddress)) {
        assert.equal((await login(ip, victim.email, 'Summer#2026')).statusCode, 401);
      }
      const last = victims[WIDE.perAddress]!;
      const limited = await login(ip, last.email, PASSWORD);
      assertLimited(limited, LOGIN_WINDOW);
      assert.equal(
        limited.json().message,
        'Too many failed login attempts from this address. Please try again later.',
      );
      assert.equal((await login('203.0.113.41', last.email, PASSWORD)).statusCode, 200);
    });

    it('slows many addresses guessing one account, never its owner at a known address', async () => {
      const owner = await signedInUser(suite.app);
      const home = '198.51.100.70';
      assert.equal((await login(home, owner.email, PASSWORD)).statusCode, 200);
      for (let guess = 0; guess < WIDE.perAccount; guess += 1) {
        const wrong = await login(`192.0.2.${guess + 1}`, owner.email, `Guess#${guess}`);
        assert.equal(wrong.statusCode, 401, wrong.body);
      }
      // A new address, even with the right password, waits for the window.
      const limited = await login('192.0.2.200', owner.email, PASSWORD);
      assertLimited(limited, LOGIN_WINDOW);
      assert.equal(
        limited.json().message,
        'Too many failed login attempts for this account. Please try again later.',
      );
      assert.equal((await login(home, owner.email, PASSWORD)).statusCode, 200);
      // The same for an e-mail without an account: the limit tells nothing about which exist.
      const nobody = uniqueEmail('nobody');
      for (let guess = 0; guess < WIDE.perAccount; guess += 1) {
        assert.equal((await login(`192.0.2.${guess + 50}`, nobody, 'Guess#1')).statusCode, 401);
      }
      assertLimited(await login('192.0.2.201', nobody, 'Guess#1'), LOGIN_WINDOW);
    });
  },
  {
    env: {
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(WIDE.perAddress),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(WIDE.perAccount),
    },
  },
);

describeEachDatabase('rate limits: never another user', (suite) => {
  let product: ProductJson;
  before(async () => {
    [product] = await createProducts(suite.app, [5], {
      originalAsset: dataUrl('text/plain', 'rate-limited file'),
      fileName: 'limited.txt',
    });
  });

  it('locks one account out on one address, never another account on that address', async () => {
    const { app } = suite;
    const victim = await signedInUser(app);
    const neighbour = await signedInUser(app);
    const ip = '198.51.100.20';
    for (let attempt = 0; attempt < LIMITS.loginFailures; attempt += 1) {
      const wrong = await postFrom(app, ip, '/api/auth/login', {
        email: victim.email,
        password: 'wrong-password',
      });
      assert.equal(wrong.statusCode, 401, wrong.body);
    }
    const limited = await postFrom(app, ip, '/api/auth/login', {
      email: victim.email,
      password: PASSWORD,
    });
    assertLimited(limited, LOGIN_WINDOW);
    const other = await postFrom(app, ip, '/api/auth/login', {
      email: neighbour.email,
      password: PASSWORD,
    });
    assert.equal(other.statusCode, 200, other.body);
    // The victim's sessions opened before the attack keep working.
    assert.equal((await victim.client.get('/api/auth/profile')).statusCode, 200);
  });

  it('limits reset mails per address alike for accounts and strangers, not other addresses', async () => {
    const { app } = suite;
    const known = (await signedInUser(app)).email;
    const stranger = uniqueEmail('nobody');
    const answers = new Map<string, Array<{ status: number; message: string }>>();
    for (const email of [known, stranger]) {
      const seen: Array<{ status: number; message: string }> = [];
      for (let attempt = 0; attempt <= LIMITS.forgotPerHour; attempt += 1) {
        const response = await postFrom(app, '127.0.0.1', '/api/auth/forgot-password', { email });
        seen.push({ status: response.statusCode, message: response.json().message });
        if (attempt === LIMITS.forgotPerHour) assertLimited(response, 60 * 60);
      }
      answers.set(email, seen);
    }
    // No account enumeration through the limit: the same answers whether the account exists.
    assert.deepEqual(answers.get(known), answers.get(stranger));
    assert.deepEqual(
      answers.get(known)!.map((answer) => answer.status),
      [...Array<number>(LIMITS.forgotPerHour).fill(200), 429],
    );

    const other = (await signedInUser(app)).email;
    const answer = await postFrom(app, '127.0.0.1', '/api/auth/forgot-password', { email: other });
    assert.equal(answer.statusCode, 200, answer.body);
    const mails = await outbox(app);
    assert.ok(
      mails.some(
        (mail) => mail.to === other && mail.links.some((l) => l.includes('/reset-password/')),
      ),
      'the other address got its reset link',
    );
  });

  it('limits resent verification mails per e-mail alike for accounts and strangers', async () => {
    const { app } = suite;
    const unverified = await signUp(app);
    const stranger = uniqueEmail('nobody');
    const answers = new Map<string, Array<{ status: number; message: string }>>();
    for (const email of [unverified, stranger]) {
      const seen: Array<{ status: number; message: string }> = [];
      for (let attempt = 0; attempt <= LIMITS.resendVerificationPerHour; attempt += 1) {
        const response = await postFrom(app, '127.0.0.1', '/api/auth/resend-verification', {
          email,
        });
        seen.push({ status: response.statusCode, message: response.json().message });
        if (attempt === LIMITS.resendVerificationPerHour) assertLimited(response, 60 * 60);
      }
      answers.set(email, seen);
    }
    assert.deepEqual(answers.get(unverified), answers.get(stranger));
    assert.deepEqual(
      answers.get(unverified)!.map((answer) => answer.status),
      [...Array<number>(LIMITS.resendVerificationPerHour).fill(200), 429],
    );

    const other = await signUp(app);
    const answer = await postFrom(app, '127.0.0.1', '/api/auth/resend-verification', {
      email: other,
    });
    assert.equal(answer.statusCode, 200, answer.body);
    const mails = (await outbox(app)).filter((mail) => mail.to === other);
    assert.equal(mails.length, 2, 'the sign-up mail and the resent one');
  });

  it('limits coupon guesses per user; another user on the same address still validates', async () => {
    const { app } = suite;
    const guesser = await signedInUser(app);
    const neighbour = await signedInUser(app);
    for (let attempt = 0; attempt < LIMITS.couponValidation.max; attempt += 1) {
      const guess = await guesser.client.post('/api/coupons/validate', {
        code: `WELCOME${String(attempt).padStart(8, 'X')}`,
      });
      assert.equal(guess.statusCode, 404, guess.body);
    }
    // Past the limit even a right code is refused, so further guesses learn nothing.
    const own = await couponCodeOf(guesser.client);
    const limited = await guesser.client.post('/api/coupons/validate', { code: own });
    assertLimited(limited, LIMITS.couponValidation.windowSeconds);
    assert.equal(limited.json().message, 'Too many coupon attempts. Please try again later.');

    const code = await couponCodeOf(neighbour.client);
    const valid = await neighbour.client.post('/api/coupons/validate', { code });
    assert.equal(valid.statusCode, 200, valid.body);
    assert.equal(valid.json().code, code);
  });

  it('limits download links per user; another buyer on the same address still gets one', async () => {
    const { app } = suite;
    const scraper = await signedInUser(app);
    const buyer = await signedInUser(app);
    await buy(app, scraper.client, [{ product }]);
    await buy(app, buyer.client, [{ product }]);
    for (let attempt = 0; attempt < LIMITS.downloadLinks.max; attempt += 1) {
      const link = await requestDownload(scraper.client, product.id);
      assert.equal(link.statusCode, 200, link.body);
    }
    const limited = await requestDownload(scraper.client, product.id);
    assertLimited(limited, LIMITS.downloadLinks.windowSeconds);
    assert.equal(limited.json().message, 'Too many download requests. Please try again later.');
    // Probing other products is the same kind of call: refused before any lookup.
    assertLimited(
      await requestDownload(scraper.client, randomUUID()),
      LIMITS.downloadLinks.windowSeconds,
    );

    const link = await requestDownload(buyer.client, product.id);
    assert.equal(link.statusCode, 200, link.body);
    assert.ok(link.json().downloadUrl);
  });

  it('limits new passwords set with mailed links per address, a wrong token counting too', async () => {
    const { app } = suite;
    const owner = await signedInUser(app);
    await postFrom(app, '127.0.0.1', '/api/auth/forgot-password', { email: owner.email });
    const { token } = await mailedLink(app, owner.email, 'reset-password');
    const body = { password: 'Changed#123' };
    for (let attempt = 0; attempt < LIMITS.passwordResets.max; attempt += 1) {
      const guess = await postFrom(
        app,
        '10.9.8.7',
        `/api/auth/reset-password/${'0'.repeat(64)}`,
        body,
      );
      assert.equal(guess.statusCode, 400, guess.body);
    }
    // Past the limit even the right token is refused from that address, and stays usable.
    const limited = await postFrom(app, '10.9.8.7', `/api/auth/reset-password/${token}`, body);
    assertLimited(limited, LIMITS.passwordResets.windowSeconds);
    assert.equal(
      limited.json().message,
      'Too many password reset attempts. Please try again later.',
    );
    const elsewhere = await postFrom(app, '10.9.8.8', `/api/auth/reset-password/${token}`, body);
    assert.equal(elsewhere.statusCode, 200, elsewhere.body);
  });

  it('limits password changes per user; another user still changes theirs', async () => {
    const { app } = suite;
    const guesser = await signedInUser(app);
    const neighbour = await signedInUser(app);
    const change = (currentPassword: string) => ({
      currentPassword,
      newPassword: 'Changed#123',
    });
    for (let attempt = 0; attempt < LIMITS.passwordChanges.max; attempt += 1) {
      const guess = await guesser.client.put(
        '/api/auth/change-password',
        change(`Guess#${attempt}`),
      );
      assert.equal(guess.statusCode, 400, guess.body);
    }
    const limited = await guesser.client.put('/api/auth/change-password', change(PASSWORD));
    assertLimited(limited, LIMITS.passwordChanges.windowSeconds);
    assert.equal(
      limited.json().message,
      'Too many password change attempts. Please try again later.',
    );
    const other = await neighbour.client.put('/api/auth/change-password', change(PASSWORD));
    assert.equal(other.statusCode, 200, other.body);
  });

  it('limits checkouts per user, opened and confirmed apart; another user still checks out', async () => {
    const { app } = suite;
    const buyer = await signedInUser(app);
    const neighbour = await signedInUser(app);
    for (let attempt = 0; attempt < LIMITS.checkouts.max; attempt += 1) {
      const opened = await startCheckout(buyer.client, [{ product }]);
      assert.equal(opened.statusCode, 200, opened.body);
    }
    const limited = await startCheckout(buyer.client, [{ product }]);
    assertLimited(limited, LIMITS.checkouts.windowSeconds);
    assert.equal(limited.json().message, 'Too many checkout attempts. Please try again later.');
    for (let attempt = 0; attempt < LIMITS.checkouts.max; attempt += 1) {
      const asked = await buyer.client.post('/api/payments/checkout-success', {
        sessionId: `cs_unknown_${attempt}`,
      });
      assert.equal(asked.statusCode, 404, asked.body);
    }
    assertLimited(
      await buyer.client.post('/api/payments/checkout-success', { sessionId: 'cs_unknown' }),
      LIMITS.checkouts.windowSeconds,
    );
    const other = await startCheckout(neighbour.client, [{ product }]);
    assert.equal(other.statusCode, 200, other.body);
  });
});
