import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

const SECRET = 'a-production-secret-that-is-long-enough-123';
/** Production's license secrets (their own checks: production-settings.test.ts). */
const LICENSES = {
  LICENSE_KEY_SECRET: PRODUCTION_ENV.LICENSE_KEY_SECRET,
  LICENSE_SIGNING_KEY: PRODUCTION_ENV.LICENSE_SIGNING_KEY,
};

describe('loadConfig', () => {
  it('uses development defaults', () => {
    const config = loadConfig({});
    assert.equal(config.env, 'development');
    assert.equal(config.port, 5000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.database.kind, 'pglite');
    assert.equal(config.seedDemoAccounts, true);
    assert.equal(config.secureCookies, false);
    assert.equal(config.appUrl, 'http://localhost:3000');
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:5000',
      'http://127.0.0.1:5000',
      // A remote run alone on its dev port calls the api from there.
      'http://localhost:3001',
      'http://127.0.0.1:3004',
    ]) {
      assert.ok(config.appOrigins.includes(origin), origin);
    }
  });

  it("allows the remotes' dev ports only outside production", () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      ADMIN_EMAIL: 'a@b.co',
      ADMIN_PASSWORD: 'x'.repeat(8),
      SMTP_URL: 'smtp://relay.example:587',
      PAYMENT_PROVIDER: 'local',
      ...LICENSES,
    });
    assert.ok(config.appOrigins.includes('http://localhost:3000'));
    assert.ok(!config.appOrigins.includes('http://localhost:3001'));
  });

  it('refuses to start in production without the secrets it needs', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), ConfigError);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }),
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          ADMIN_EMAIL: 'a@b.co',
          ADMIN_PASSWORD: 'x'.repeat(8),
        }),
      /JWT_SECRET/,
    );
    assert.throws(() => loadConfig({ JWT_SECRET: 'short' }), /at least 32/);
  });

  it('turns on secure cookies and turns off demo data in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: SECRET,
      ADMIN_EMAIL: ' Boss@Example.com ',
      ADMIN_PASSWORD: 'Boss#2026!',
      SMTP_URL: 'smtp://relay.example:587',
      PAYMENT_PROVIDER: 'local',
      DATABASE_URL: 'postgres://db/store',
      APP_ORIGINS: 'https://store.example/,https://admin.example',
      ...LICENSES,
    });
    assert.equal(config.secureCookies, true);
    assert.equal(config.seedDemoAccounts, false);
    assert.deepEqual(config.admin, { email: 'boss@example.com', password: 'Boss#2026!' });
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://db/store' });
    assert.ok(config.appOrigins.includes('https://store.example'));
  });

  it('rejects malformed numbers', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
  });

  it('takes the public api base of download links from API_URL (first entry)', () => {
    assert.equal(loadConfig({}).apiUrl, 'http://localhost:5000');
    assert.equal(loadConfig({ PORT: '5100' }).apiUrl, 'http://localhost:5100');
    assert.equal(
      loadConfig({ API_URL: 'https://api.example.com/, http://10.0.0.2:5000' }).apiUrl,
      'https://api.example.com',
    );
  });

  it('chooses the payment provider: local by default, stripe with a secret key', () => {
    const local = loadConfig({}).payments;
    assert.equal(local.provider, 'local');
    assert.equal(local.apiUrl, 'http://localhost:5000');
    assert.equal(
      local.successUrl,
      'http://localhost:3000/purchase-success?session_id={CHECKOUT_SESSION_ID}',
    );
    assert.equal(local.cancelUrl, 'http://localhost:3000/purchase-cancel');
    assert.equal(
      loadConfig({ API_URL: 'https://api.example.com/' }).payments.apiUrl,
      'https://api.example.com',
    );

    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    }).payments;
    assert.equal(stripe.provider, 'stripe');
    assert.ok(stripe.provider === 'stripe');
    assert.deepEqual(stripe.api, { host: '127.0.0.1', port: 12111, protocol: 'http' });
    assert.equal(stripe.webhookSecret, null);

    assert.equal(
      loadConfig({ PAYMENT_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk' }).payments.provider,
      'local',
    );
    assert.throws(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' }), ConfigError);
    assert.throws(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' }), ConfigError);
    assert.throws(
      () => loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_API_PROTOCOL: 'ftp' }),
      ConfigError,
    );
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'secret-pass',
      SMTP_URL: 'smtp://relay.example:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      ...LICENSES,
    };
    assert.throws(() => loadConfig(production), /STRIPE_WEBHOOK_SECRET/);
    assert.equal(
      loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments.provider,
      'stripe',
    );
  });

  it('reads the abuse limits (defaults as documented in the README), never 0', () => {
    const defaults = loadConfig({}).limits;
    assert.deepEqual(
      [
        defaults.loginFailures,
        defaults.loginWindowSeconds,
        defaults.forgotPerHour,
        defaults.resendVerificationPerHour,
      ],
      [10, 15 * 60, 5, 5],
    );
    assert.deepEqual(defaults.signup, { max: 10, windowSeconds: 60 * 60 });
    assert.deepEqual(defaults.couponValidation, { max: 20, windowSeconds: 10 * 60 });
    assert.deepEqual(defaults.downloadLinks, { max: 30, windowSeconds: 60 });
    const set = loadConfig({
      SIGNUP_PER_HOUR: '3',
      COUPON_VALIDATIONS_PER_10_MINUTES: '4',
      DOWNLOAD_LINKS_PER_MINUTE: '5',
      RESEND_VERIFICATION_PER_HOUR: '6',
    }).limits;
    assert.deepEqual(
      [
        set.signup.max,
        set.couponValidation.max,
        set.downloadLinks.max,
        set.resendVerificationPerHour,
      ],
      [3, 4, 5, 6],
    );
    for (const name of [
      'LOGIN_MAX_FAILURES',
      'FORGOT_PASSWORD_PER_HOUR',
      'RESEND_VERIFICATION_PER_HOUR',
      'SIGNUP_PER_HOUR',
      'COUPON_VALIDATIONS_PER_10_MINUTES',
      'DOWNLOAD_LINKS_PER_MINUTE',
      'LOGIN_MAX_FAILURES_PER_ADDRESS',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'RESET_PASSWORD_PER_HOUR',
      'CHANGE_PASSWORD_PER_HOUR',
      'CHECKOUTS_PER_HOUR',
      'READY_CHECKS_PER_MINUTE',
    ]) {
      assert.throws(() => loadConfig({ [name]: '0' }), new RegExp(`${name} must be at least 1`));
      assert.throws(() => loadConfig({ [name]: 'many' }), ConfigError);
    }
  });
});
