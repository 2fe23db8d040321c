import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { refusal } from './helpers/config-refusal.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

const ENV_EXAMPLE = path.resolve(import.meta.dirname, '..', '..', '.env.example');

function exampleValues(): Record<string, string> {
  const lines = fs.readFileSync(ENV_EXAMPLE, 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * Values of .env.example that are no secret: a default that is right as it is, and user names.
 * MINIO_ROOT_PASSWORD never reaches the api: compose's minio-setup refuses it.
 */
const NOT_SECRET = new Set([
  'APP_URL',
  'S3_ACCESS_KEY_ID',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
]);

describe('production settings', () => {
  it('refuses each placeholder copied from .env.example, naming the setting', () => {
    const examples = exampleValues();
    const checked: string[] = [];
    for (const [name, value] of Object.entries(examples)) {
      if (NOT_SECRET.has(name)) continue;
      // Compose hands POSTGRES_PASSWORD to the api inside DATABASE_URL.
      const env: Record<string, string> =
        name === 'POSTGRES_PASSWORD'
          ? { DATABASE_URL: `postgres://store:${value}@postgres:5432/store` }
          : { [name]: value };
      const message = refusal({ ...PRODUCTION_ENV, ...env });
      assert.match(
        message,
        new RegExp(`^${name === 'POSTGRES_PASSWORD' ? 'DATABASE_URL' : name} `),
      );
      assert.match(message, /placeholder/);
      assert.ok(!message.includes('\n'), 'one line');
      checked.push(name);
    }
    assert.deepEqual(checked.sort(), [
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'LICENSE_KEY_SECRET',
      'LICENSE_SIGNING_KEY',
      'POSTGRES_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'SMTP_URL',
    ]);
    // Outside production the same values are a developer's business.
    assert.equal(
      loadConfig({ ...examples, JWT_SECRET: examples['JWT_SECRET']! }).env,
      'development',
    );
  });

  it('refuses to run without a payment provider chosen on purpose', () => {
    const { PAYMENT_PROVIDER: _chosen, ...unchosen } = PRODUCTION_ENV;
    assert.equal(
      refusal(unchosen),
      'Production needs a payment provider: STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET), ' +
        'or PAYMENT_PROVIDER=local to simulate payments on purpose',
    );
    assert.equal(loadConfig(PRODUCTION_ENV).payments.provider, 'local');
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    assert.equal(loadConfig({ ...unchosen, ...stripe }).payments.provider, 'stripe');
    // Development keeps the local provider as its default.
    assert.equal(loadConfig({}).payments.provider, 'local');
  });

  it('refuses to run without a mail relay', () => {
    const { SMTP_URL: _relay, ...withoutRelay } = PRODUCTION_ENV;
    assert.equal(refusal(withoutRelay), 'Missing required settings: SMTP_URL');
  });

  it('refuses to run without its license secrets, or with the development ones', () => {
    const {
      LICENSE_KEY_SECRET: _secret,
      LICENSE_SIGNING_KEY: _signing,
      ...withoutLicenses
    } = PRODUCTION_ENV;
    assert.equal(
      refusal(withoutLicenses),
      'Missing required settings: LICENSE_KEY_SECRET, LICENSE_SIGNING_KEY',
    );
    const development = loadConfig({}).licenses;
    assert.equal(
      refusal({ ...PRODUCTION_ENV, LICENSE_KEY_SECRET: development.keySecret }),
      'LICENSE_KEY_SECRET is the development constant: set your own value (docs/licenses.md)',
    );
    // Refused by the key, however its JSON is spelled.
    const { kid: _kid, ...developmentKey } = development.signingKey;
    const respelled = JSON.stringify({ ...developmentKey, kid: 'mine' }, null, 1);
    assert.equal(
      refusal({ ...PRODUCTION_ENV, LICENSE_SIGNING_KEY: respelled }),
      'LICENSE_SIGNING_KEY is the development key: make your own (docs/licenses.md)',
    );
    const production = loadConfig(PRODUCTION_ENV).licenses;
    assert.equal(production.keySecret, PRODUCTION_ENV.LICENSE_KEY_SECRET);
    assert.notEqual(production.signingKey.d, development.signingKey.d);
  });

  it("refuses a demo account's address as the first admin", () => {
    assert.equal(
      refusal({ ...PRODUCTION_ENV, ADMIN_EMAIL: 'admin@example.com' }),
      "ADMIN_EMAIL admin@example.com is a development demo account's",
    );
  });
});
