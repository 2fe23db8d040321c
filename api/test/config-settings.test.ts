import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SETTINGS, loadConfig, type Setting } from '../src/config.ts';
import { refusal } from './helpers/config-refusal.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

const API_ROOT = path.resolve(import.meta.dirname, '..');
const ENV_EXAMPLE = path.resolve(API_ROOT, '..', '.env.example');

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x' };

describe('settings: every bad value is named in one line', () => {
  const cases: Array<[Partial<Record<Setting, string>>, RegExp]> = [
    [{ PORT: 'abc' }, /^PORT must be a whole number \(got "abc"\)$/],
    [{ PORT: '1e3' }, /^PORT must be a whole number/],
    [{ PORT: '-1' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT must be at most 65535$/],
    [{ NODE_ENV: 'prod' }, /^NODE_ENV must be one of development, production, test/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info/],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY must be true, false or proxy addresses/],
    [{ TRUST_PROXY: '10.0.0.0/8, proxy.local' }, /^TRUST_PROXY .*"proxy.local"/],
    [
      { DATABASE_URL: 'not-a-url' },
      /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
    [{ DATABASE_URL: 'mysql://db/store' }, /^DATABASE_URL must be a postgres/],
    [{ REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/],
    [{ SMTP_URL: 'mailpit:1025' }, /^SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL$/],
    [{ APP_URL: 'localhost:3000' }, /^APP_URL must be a http:\/\/ or https:\/\/ URL$/],
    [{ APP_ORIGINS: 'http://shop.example, shop2.example' }, /^APP_ORIGINS must be a http/],
    [{ API_URL: 'ftp://files.example' }, /^API_URL must be a http/],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT must be a http/],
    [
      { S3_ACCESS_KEY_ID: 'key' },
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together$/,
    ],
    [{ PUBLIC_FILES_URL: 'files' }, /^PUBLIC_FILES_URL must be a http/],
    [{ SEED_DEMO_CATALOG: 'yes' }, /^SEED_DEMO_CATALOG must be true or false \(got "yes"\)$/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /^PAYMENT_PROVIDER must be one of local, stripe/],
    [{ PAYMENT_PROVIDER: 'stripe' }, /^PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY$/],
    [{ ...STRIPE, STRIPE_API_PROTOCOL: 'ftp' }, /^STRIPE_API_PROTOCOL must be one of http, https/],
    [{ ...STRIPE, STRIPE_API_PORT: '0' }, /^STRIPE_API_PORT must be at least 1$/],
    [{ ...STRIPE, STRIPE_TIMEOUT_MS: '0' }, /^STRIPE_TIMEOUT_MS must be at least 1$/],
    [{ ...STRIPE, STRIPE_MAX_NETWORK_RETRIES: 'two' }, /^STRIPE_MAX_NETWORK_RETRIES must be/],
    [{ MAIL_RETRY_INTERVAL_SECONDS: '3000000' }, /^MAIL_RETRY_INTERVAL_SECONDS must be at most/],
    [{ MAIL_GIVE_UP_AFTER_SECONDS: '0' }, /^MAIL_GIVE_UP_AFTER_SECONDS must be at least 1$/],
    [
      { JOBS_MAINTENANCE_INTERVAL_SECONDS: '86400' },
      /^JOBS_MAINTENANCE_INTERVAL_SECONDS must be at most 86399/,
    ],
    [{ PAYMENT_SWEEP_INTERVAL_SECONDS: '1.5' }, /^PAYMENT_SWEEP_INTERVAL_SECONDS must be a whole/],
    [{ SMTP_TIMEOUT_MS: '0' }, /^SMTP_TIMEOUT_MS must be at least 1$/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, /^ACCESS_TOKEN_TTL_SECONDS must be at least 1$/],
    [{ BODY_LIMIT_BYTES: 'lots' }, /^BODY_LIMIT_BYTES must be a whole number/],
    [{ UPLOAD_ASSET_MAX_BYTES: '0' }, /^UPLOAD_ASSET_MAX_BYTES must be at least 1$/],
    [{ LOCAL_CHECKOUT_TTL_SECONDS: '0' }, /^LOCAL_CHECKOUT_TTL_SECONDS must be at least 1$/],
    [{ SESSION_CACHE_TTL_SECONDS: 'forever' }, /^SESSION_CACHE_TTL_SECONDS must be a whole/],
    [{ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'secret1' }, /^ADMIN_EMAIL must be an e-mail address$/],
    [{ ADMIN_EMAIL: 'boss@store.example' }, /^ADMIN_PASSWORD is missing/],
    [{ ADMIN_PASSWORD: 'secret1' }, /^ADMIN_EMAIL is missing/],
    [{ DEMO_SHOPPER_EMAIL: 'shopper' }, /^DEMO_SHOPPER_EMAIL must be an e-mail address$/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN must be at least 16 characters$/],
    [{ JWT_SECRET: 'short' }, /^JWT_SECRET \/ ACCESS_TOKEN_SECRET must be at least 32/],
    [{ JWT_KEY_ID: 'key one' }, /^JWT_KEY_ID must be 1-64 letters, digits, dots, dashes/],
    [{ JWT_KEY_ID: 'k'.repeat(65) }, /^JWT_KEY_ID must be 1-64 letters/],
    [{ JWT_PREVIOUS_SECRET: 'short' }, /^JWT_PREVIOUS_SECRET must be at least 32 characters$/],
    [{ JWT_PREVIOUS_KEY_ID: 'k0' }, /^JWT_PREVIOUS_KEY_ID needs JWT_PREVIOUS_SECRET$/],
    [
      { JWT_SECRET: 'x'.repeat(32), JWT_PREVIOUS_SECRET: 'x'.repeat(32) },
      /^JWT_PREVIOUS_SECRET must differ from JWT_SECRET$/,
    ],
    [
      { JWT_KEY_ID: 'k2', JWT_PREVIOUS_SECRET: 'y'.repeat(32), JWT_PREVIOUS_KEY_ID: 'k2' },
      /^JWT_PREVIOUS_KEY_ID must differ from the current key id "k2"$/,
    ],
    [
      { JWT_PREVIOUS_SECRET: 'y'.repeat(32), JWT_PREVIOUS_KEY_ID: 'k/1' },
      /^JWT_PREVIOUS_KEY_ID must be 1-64/,
    ],
  ];
  for (const [env, expected] of cases) {
    const title = Object.entries(env).map(([name, value]) => `${name}=${value}`);
    it(title.join(' '), () => {
      const message = refusal(env);
      assert.match(message, expected);
      assert.ok(!message.includes('\n'), 'one line');
    });
  }

  it('never repeats a URL setting, whose value may hold a password', () => {
    for (const setting of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_ENDPOINT'] as const) {
      const message = refusal({ S3_BUCKET: 'b', [setting]: 'ftp://user:hunter2@host' });
      assert.match(message, new RegExp(`^${setting} `));
      assert.ok(!message.includes('hunter2'), message);
    }
  });

  it('names every missing production secret at once', () => {
    assert.equal(
      refusal({ NODE_ENV: 'production' }),
      'Missing required settings: JWT_SECRET (or ACCESS_TOKEN_SECRET), ADMIN_EMAIL and ADMIN_PASSWORD, SMTP_URL, LICENSE_KEY_SECRET, LICENSE_SIGNING_KEY',
    );
  });
});

describe('settings: what the deployments give is accepted', () => {
  it('treats an empty value as unset (compose passes ${NAME:-})', () => {
    const empty = Object.fromEntries(SETTINGS.map((name) => [name, '']));
    const config = loadConfig(empty);
    assert.equal(config.port, 5000);
    assert.equal(config.database.kind, 'pglite');
    assert.equal(config.metricsToken, null);
  });

  it("takes docker-compose.yml's api environment", () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '5000',
      HOST: '0.0.0.0',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://store:pw@postgres:5432/store',
      REDIS_URL: 'redis://redis:6379',
      S3_BUCKET: 'store',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'store-app',
      S3_SECRET_ACCESS_KEY: 'store-app-secret',
      SMTP_URL: 'smtp://mailpit:1025',
      SMTP_TIMEOUT_MS: '',
      JWT_SECRET: 'x'.repeat(32),
      ADMIN_EMAIL: 'owner@store.example',
      ADMIN_PASSWORD: 'Owner#2026!',
      PAYMENT_PROVIDER: '',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      APP_URL: 'http://localhost:3000',
      APP_ORIGINS: 'http://localhost:3000',
      API_URL: 'http://localhost:3000',
      METRICS_TOKEN: 'a-metrics-token-of-32-characters',
      LOGIN_MAX_FAILURES: '',
      LICENSE_KEY_SECRET: PRODUCTION_ENV.LICENSE_KEY_SECRET,
      LICENSE_SIGNING_KEY: PRODUCTION_ENV.LICENSE_SIGNING_KEY,
    });
    assert.equal(config.trustProxy, true);
    assert.equal(config.redisUrl, 'redis://redis:6379');
    assert.equal(config.storage.kind, 's3');
    assert.equal(config.metricsToken, 'a-metrics-token-of-32-characters');
    assert.equal(config.payments.provider, 'stripe');
  });

  it('takes proxy lists, socket database URLs and absolute file URLs', () => {
    assert.equal(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, loopback, ::1' }).trustProxy,
      '10.0.0.0/8, 127.0.0.1, loopback, ::1',
    );
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgresql:///store?host=/run/pg' }).database, {
      kind: 'postgres',
      url: 'postgresql:///store?host=/run/pg',
    });
    assert.equal(
      loadConfig({ PUBLIC_FILES_URL: 'https://cdn.example/files/' }).publicFilesUrl,
      'https://cdn.example/files',
    );
  });
});

describe('settings: JWT key ids and the previous key', () => {
  const current = 'c'.repeat(32);
  const previous = 'p'.repeat(32);

  it('derives a stable key id per secret unless one is given', () => {
    const derived = loadConfig({ JWT_SECRET: current }).tokenKeyId;
    assert.match(derived, /^[\w-]{8}$/);
    assert.equal(loadConfig({ ACCESS_TOKEN_SECRET: current }).tokenKeyId, derived);
    assert.notEqual(loadConfig({ JWT_SECRET: previous }).tokenKeyId, derived);
    assert.notEqual(loadConfig({}).tokenKeyId, derived);
    assert.equal(loadConfig({ JWT_SECRET: current, JWT_KEY_ID: ' k2 ' }).tokenKeyId, 'k2');
    assert.equal(loadConfig({ JWT_SECRET: current }).previousTokenKey, null);
  });

  it('takes the previous secret with its given or derived key id', () => {
    assert.deepEqual(
      loadConfig({ JWT_SECRET: current, JWT_PREVIOUS_SECRET: previous }).previousTokenKey,
      { secret: previous, keyId: loadConfig({ JWT_SECRET: previous }).tokenKeyId },
    );
    assert.deepEqual(
      loadConfig({
        JWT_SECRET: current,
        JWT_KEY_ID: 'k2',
        JWT_PREVIOUS_SECRET: previous,
        JWT_PREVIOUS_KEY_ID: 'k1',
      }).previousTokenKey,
      { secret: previous, keyId: 'k1' },
    );
  });
});

describe('settings: the list and its documentation', () => {
  it('config.ts is the only reader of the environment, and reads only listed names', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.endsWith(`${path.sep}config.ts`)) {
          if (fs.readFileSync(file, 'utf8').includes('process.env')) offenders.push(file);
        }
      }
    };
    walk(path.join(API_ROOT, 'src'));
    assert.deepEqual(offenders, []);

    const read = new Set<string>();
    const recording = (env: Record<string, string>) =>
      new Proxy(env, {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return target[name as string];
        },
      });
    // Branches read different settings: local and Stripe payments, S3, production.
    loadConfig(recording({}));
    loadConfig(
      recording({ ...STRIPE, S3_BUCKET: 'b', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'p4ssword' }),
    );
    loadConfig(
      recording({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        ADMIN_EMAIL: 'a@b.co',
        ADMIN_PASSWORD: 'p4ssword',
        SMTP_URL: 'smtp://relay.example:587',
        PAYMENT_PROVIDER: 'local',
        LICENSE_KEY_SECRET: PRODUCTION_ENV.LICENSE_KEY_SECRET,
        LICENSE_SIGNING_KEY: PRODUCTION_ENV.LICENSE_SIGNING_KEY,
      }),
    );
    const listed = new Set<string>(SETTINGS);
    assert.deepEqual(
      [...read].filter((name) => !listed.has(name)),
      [],
    );
    assert.deepEqual(
      SETTINGS.filter((name) => !read.has(name)),
      [],
      'listed but never read',
    );
  });

  it('.env.example documents every setting with its default and meaning', () => {
    const lines = fs.readFileSync(ENV_EXAMPLE, 'utf8').split('\n');
    const problems: string[] = [];
    for (const name of SETTINGS) {
      const at = lines.flatMap((line, index) =>
        new RegExp(`^(# ?)?${name}=`).test(line) ? [index] : [],
      );
      if (at.length !== 1) {
        problems.push(`${name}: ${at.length} assignment lines`);
        continue;
      }
      const line = lines[at[0]!]!;
      if (line.startsWith('#')) {
        // `# NAME=<default>   meaning`; an empty default is spelled out in the meaning.
        const match = new RegExp(`^# ?${name}=(.*?)\\s{2,}(\\S.*)$`).exec(line);
        if (!match) problems.push(`${name}: no meaning after the value`);
        else if (!match[1] && !/default/.test(match[2]!)) problems.push(`${name}: no default`);
        continue;
      }
      // A value compose needs: the comment block above it (past its neighbours) explains it.
      let index = at[0]! - 1;
      while (index >= 0 && /^[A-Z0-9_]+=/.test(lines[index]!)) index -= 1;
      const block: string[] = [];
      while (index >= 0 && lines[index]!.startsWith('#')) {
        block.unshift(lines[index]!);
        index -= 1;
      }
      const text = block.join(' ');
      if (!text.includes(name)) problems.push(`${name}: no comment above it`);
      else if (!/default|required/.test(text)) problems.push(`${name}: no default`);
    }
    assert.deepEqual(problems, []);
  });
});
