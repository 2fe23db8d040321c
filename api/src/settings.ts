import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ENVIRONMENTS,
  HTTP,
  baseUrl,
  byEnvironment,
  directory,
  email,
  flag,
  int,
  matching,
  minLength,
  oneOf,
  pathOrUrl,
  readSetting,
  setting,
  type SettingSpec,
  text,
  trustProxy,
  url,
  urlList,
  type ValueOf,
} from './lib/env-settings.ts';
import { type Ed25519Jwk, previousSigningJwks, privateSigningJwk } from './lib/ed25519-jwk.ts';

/*
 * Every environment variable the api reads, in one place: how each is checked, its default, and
 * its line in docs/settings.md (written from here by `npm run docs:settings -w api`; a test fails
 * when the page or `.env.example` falls behind). `config.ts` builds the AppConfig from the values.
 */

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEV_SECRET = 'dev-only-insecure-token-secret-change-me-in-production';
const DEV_WEBHOOK_SECRET = 'dev-only-local-webhook-secret';
const DEV_LICENSE_SECRET = 'dev-only-insecure-license-key-secret-change-me';
// Published here, so it proves nothing: production refuses to start on it.
const DEV_LICENSE_SIGNING_KEY: Ed25519Jwk = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'ypg67fxlGwj-jzRjmygAlL-BqOjYLDfc-bpFMtUSSGY',
  d: 'WPwuxhasjzttmzwRx7XqMhc2ujlaZcDsaQkaU-hkEAE',
};
const DAY = 24 * 60 * 60;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// Node's timers take at most 2^31-1 ms; a longer interval silently fires every millisecond.
const TIMER_MS = 2_147_483_647;
const TIMER_SECONDS = Math.floor(TIMER_MS / 1000);
// A limit, size or lifetime of 0 means nothing anybody wants (a limit of 0 refuses every call).
const AT_LEAST_ONE = int({ min: 1 });
const appOrigins = (ports: number[]) =>
  ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
// Outside production the remotes' dev ports (3001-3004, tooling/apps.cjs) count too: a remote run
// alone (`npm run dev -w mf-catalog`) sends its unsafe calls from its own origin.
const DEV_APP_ORIGINS = appOrigins([3000, 3001, 3002, 3003, 3004]);

const SERVER = {
  NODE_ENV: setting({
    about: '`production`: secure cookies, no demo data, no `/api/dev/*`, secrets required',
    parse: oneOf(ENVIRONMENTS),
    default: 'development',
    production: '`production`',
  }),
  PORT: setting({ about: 'listen port', parse: int({ max: 65_535 }), default: 5000 }),
  HOST: setting({ about: 'listen address', parse: text, default: '127.0.0.1' }),
  STOP_GRACE_SECONDS: setting({
    about:
      "the platform's stop grace period: on SIGTERM the api finishes the requests it has for up to 3 s less, then closes, and exits by force just before the period ends",
    parse: int({ min: 5, max: 3600 }),
    default: 10,
  }),
  LOG_LEVEL: setting({
    about: 'pino level: fatal, error, warn, info, debug, trace or silent',
    parse: oneOf(LOG_LEVELS),
    default: byEnvironment({ development: 'info', test: 'silent', production: 'info' }),
  }),
  TRUST_PROXY: setting({
    about:
      "`true`, or the proxies' addresses / subnets, to take client addresses from `X-Forwarded-For` (`true` takes the left-most: the proxy must replace it)",
    parse: trustProxy,
    default: false,
  }),
  APP_URL: setting({
    about:
      "the address shoppers open: base of the links in mails; the shell's server reads it too, for product pages' canonical URLs, `robots.txt` and the sitemaps",
    parse: baseUrl,
    default: 'http://localhost:3000',
  }),
  APP_ORIGINS: setting({
    about:
      "comma list of origins allowed by CORS and CSRF; the api's own (`http://localhost:PORT`, `http://127.0.0.1:PORT`, `API_URL`) and `APP_URL`'s are always added",
    parse: urlList,
    default: byEnvironment({
      development: DEV_APP_ORIGINS,
      test: DEV_APP_ORIGINS,
      production: appOrigins([3000]),
    }),
    shownDefault:
      "`http://localhost:3000,http://127.0.0.1:3000` and the same on the remotes' dev ports 3001-3004",
  }),
  API_URL: setting({
    about:
      'public base URL of the api, first of a comma list: download links and the local checkout page',
    parse: urlList,
    default: [],
    shownDefault: '`http://localhost:PORT`',
  }),
  BODY_LIMIT_BYTES: setting({
    about: 'JSON body limit of ordinary calls (uploads have their own)',
    parse: AT_LEAST_ONE,
    default: 1024 * 1024,
  }),
  METRICS_TOKEN: setting({
    about:
      'Bearer token of `GET /api/metrics`, at least 16 characters; without it the route is open in development and does not exist in production',
    parse: minLength(16),
  }),
};

const STORAGE = {
  DATA_DIR: setting({
    about: 'embedded database (`pglite/`), local files (`files/`) and the mail `outbox/`',
    parse: directory,
    default: path.join(API_ROOT, '.data'),
    shownDefault: '`api/.data`',
  }),
  DATABASE_URL: setting({
    about: 'PostgreSQL instead of the embedded database',
    parse: url(['postgres', 'postgresql']),
    shownDefault: 'none: the embedded database in `DATA_DIR`',
  }),
  REDIS_URL: setting({
    about:
      'Redis shared by the replicas: rate-limit counters, the catalog cache version, session invalidations',
    parse: url(['redis', 'rediss']),
    shownDefault: 'none: in memory, per process',
  }),
  S3_BUCKET: setting({
    about: 'S3-compatible bucket for previews and product files',
    parse: text,
    shownDefault: 'none: the folder `DATA_DIR/files`',
  }),
  S3_ENDPOINT: setting({
    about: 'http(s) URL of a non-AWS S3 such as MinIO (path-style addressing is always used)',
    parse: url(HTTP),
    shownDefault: 'AWS',
  }),
  S3_REGION: setting({ about: 'S3 region', parse: text, default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: setting({
    about: "the api's S3 credentials, with `S3_SECRET_ACCESS_KEY` (both or neither)",
    parse: text,
    shownDefault: "the AWS SDK's credential chain",
  }),
  S3_SECRET_ACCESS_KEY: setting({
    about: 'the secret of `S3_ACCESS_KEY_ID`',
    parse: text,
    shownDefault: "the AWS SDK's credential chain",
  }),
  PUBLIC_FILES_URL: setting({
    about:
      'prefix of preview image URLs: an absolute http(s) URL when clients do not reach the api under `/api`',
    parse: pathOrUrl,
    default: '/api/files',
  }),
};

const KEY_ID = matching(/^[\w.-]{1,64}$/, '1-64 letters, digits, dots, dashes or underscores');

const SIGN_IN = {
  JWT_SECRET: setting({
    about:
      'root of the HMAC keys of access tokens, download links, page cursors and refresh successors (at least 32 characters)',
    parse: text,
    default: byEnvironment({ development: DEV_SECRET, test: DEV_SECRET, production: undefined }),
    shownDefault: 'a dev-only constant',
    production: 'required (or `ACCESS_TOKEN_SECRET`)',
  }),
  ACCESS_TOKEN_SECRET: setting({
    about: 'another name for `JWT_SECRET`; wins when both are set',
    parse: text,
  }),
  JWT_KEY_ID: setting({
    about:
      '`kid` header of the JWTs the current secret signs (1-64 letters, digits, `.`, `_`, `-`)',
    parse: KEY_ID,
    shownDefault: 'derived from the secret',
  }),
  JWT_PREVIOUS_SECRET: setting({
    about:
      'the secret a rotation replaced: its JWTs still verify, it signs nothing (rotating the secret: see docs/api/jwt-rotation.md)',
    parse: minLength(32),
  }),
  JWT_PREVIOUS_KEY_ID: setting({
    about: 'its `kid`, as `JWT_KEY_ID` was before the rotation',
    parse: KEY_ID,
    shownDefault: 'derived from `JWT_PREVIOUS_SECRET`',
  }),
  ACCESS_TOKEN_TTL_SECONDS: setting({
    about: 'access cookie lifetime',
    parse: AT_LEAST_ONE,
    default: 15 * 60,
  }),
  REFRESH_GRACE_SECONDS: setting({
    about: 'replay window of a rotated refresh token (parallel tabs)',
    parse: int(),
    default: 10,
  }),
  SESSION_CACHE_TTL_SECONDS: setting({
    about:
      'how long a signed-in request may trust a cached session if an invalidation is lost (`0`: no cache)',
    parse: int(),
    default: 60,
  }),
};

const NO_DEMO = 'unused: no demo accounts';

const ACCOUNTS = {
  ADMIN_EMAIL: setting({
    about: 'the first admin, created at start when missing; set with `ADMIN_PASSWORD`',
    parse: email,
    production: 'required',
  }),
  ADMIN_PASSWORD: setting({
    about: "the first admin's password, at least 6 characters",
    parse: minLength(6),
    production: 'required',
  }),
  DEMO_ADMIN_EMAIL: setting({
    about: 'development demo admin',
    parse: email,
    default: 'admin@example.com',
    production: NO_DEMO,
  }),
  DEMO_ADMIN_PASSWORD: setting({
    about: 'its password',
    parse: text,
    default: 'Admin#2026',
    production: NO_DEMO,
  }),
  DEMO_ADMIN_NAME: setting({
    about: 'its name',
    parse: text,
    default: 'Ada Admin',
    production: NO_DEMO,
  }),
  DEMO_SHOPPER_EMAIL: setting({
    about: 'development demo shopper',
    parse: email,
    default: 'shopper@example.com',
    production: NO_DEMO,
  }),
  DEMO_SHOPPER_PASSWORD: setting({
    about: 'its password',
    parse: text,
    default: 'Shopper#2026',
    production: NO_DEMO,
  }),
  DEMO_SHOPPER_NAME: setting({
    about: 'its name',
    parse: text,
    default: 'Sam Shopper',
    production: NO_DEMO,
  }),
};

const MAIL_AND_JOBS = {
  SMTP_URL: setting({
    about: "the relay of the store's mail (reset and verification links go nowhere else)",
    parse: url(['smtp', 'smtps']),
    shownDefault: 'none: mails go to `DATA_DIR/outbox`',
    production: 'required',
  }),
  MAIL_FROM: setting({
    about: "sender of the store's mail",
    parse: text,
    default: 'Digital Assets Store <no-reply@localhost>',
  }),
  SMTP_TIMEOUT_MS: setting({
    about: 'connection, greeting and idle-socket timeout of the relay',
    parse: int({ min: 1, max: TIMER_MS }),
    default: 10_000,
  }),
  MAIL_RETRY_INTERVAL_SECONDS: setting({
    about:
      'first retry delay of a mail the relay did not take; it then doubles (pg-boss; `0` counts as 1)',
    parse: int({ max: TIMER_SECONDS }),
    default: 60,
  }),
  MAIL_GIVE_UP_AFTER_SECONDS: setting({
    about:
      'a mail not delivered this long after it was sent is no longer tried (its job ends failed)',
    parse: int({ min: 1, max: TIMER_SECONDS }),
    default: DAY,
  }),
  JOBS_MAINTENANCE_INTERVAL_SECONDS: setting({
    about: "how often pg-boss fails a vanished worker's jobs and deletes finished ones",
    // pg-boss refuses a maintenance interval over a day.
    parse: int({ min: 1, max: DAY - 1 }),
    default: 60,
  }),
};

const CATALOG = {
  UPLOAD_PREVIEW_MAX_BYTES: setting({
    about: 'decoded size limit of an uploaded preview image (413 above)',
    parse: AT_LEAST_ONE,
    default: 10 * 1024 * 1024,
  }),
  UPLOAD_ASSET_MAX_BYTES: setting({
    about: 'decoded size limit of an uploaded product file (413 above)',
    parse: AT_LEAST_ONE,
    default: 50 * 1024 * 1024,
  }),
  FEATURED_CACHE_TTL_SECONDS: setting({
    about: 'upper bound on public catalog staleness if an invalidation is lost',
    parse: int(),
    default: 300,
  }),
  CATALOG_CACHE_MAX_MB: setting({
    about:
      'upper bound on the public catalog bodies each api process keeps (least recently used go first)',
    parse: AT_LEAST_ONE,
    default: 64,
  }),
  RATING_PRIOR_INTERVAL_SECONDS: setting({
    about:
      "how often the store's mean rating (the prior of every product's `rating` score) is recomputed after the start-up run (`0`: at start only)",
    parse: int({ max: TIMER_SECONDS }),
    default: 60 * 60,
  }),
  SALE_END_INTERVAL_SECONDS: setting({
    about:
      'how often ended sales get their regular price back after the start-up run (`0`: at start only)',
    parse: int({ max: TIMER_SECONDS }),
    default: 30,
  }),
  DOWNLOAD_REUSE_SECONDS: setting({
    about: 'a repeat download request within this window gets the same link without counting',
    parse: int(),
    default: 30,
  }),
  SEED_DEMO_CATALOG: setting({
    about: 'demo categories, asset types and products with generated previews and files',
    parse: flag,
    default: byEnvironment({ development: true, test: false, production: false }),
    production: '`false`, whatever the value',
  }),
};

const PAYMENTS = {
  PAYMENT_PROVIDER: setting({
    about:
      '`local` (a hosted page served by the api that pays without a card; every page then says payments are simulated) or `stripe`',
    parse: oneOf(['local', 'stripe']),
    shownDefault: '`stripe` with `STRIPE_SECRET_KEY`, else `local`',
    production: 'required unless `STRIPE_SECRET_KEY` is set',
  }),
  LOCAL_WEBHOOK_SECRET: setting({
    about: "HMAC key of the local provider's webhook header `Local-Signature`",
    parse: text,
    default: byEnvironment({
      development: DEV_WEBHOOK_SECRET,
      test: DEV_WEBHOOK_SECRET,
      production: undefined,
    }),
    shownDefault: 'a dev-only constant',
    production: 'random: nobody can sign a local webhook',
  }),
  LOCAL_CHECKOUT_TTL_SECONDS: setting({
    about: 'lifetime of a local checkout session (then its page answers 410 and the order fails)',
    parse: AT_LEAST_ONE,
    default: DAY,
  }),
  STRIPE_SECRET_KEY: setting({
    about:
      'Stripe secret key; selects Stripe (the shell then needs `STRIPE_PUBLISHABLE_KEY` for embedded Checkout)',
    parse: text,
  }),
  STRIPE_WEBHOOK_SECRET: setting({
    about: '`whsec_...` signing secret of the webhook endpoint',
    parse: text,
    production: 'required with Stripe',
  }),
  STRIPE_API_HOST: setting({
    about: 'another Stripe API host, for tests against a fake (never needed in production)',
    parse: text,
    shownDefault: "Stripe's",
  }),
  STRIPE_API_PORT: setting({
    about: 'its port',
    parse: int({ min: 1, max: 65_535 }),
    shownDefault: "Stripe's",
  }),
  STRIPE_API_PROTOCOL: setting({
    about: 'its protocol: http or https',
    parse: oneOf(HTTP),
    shownDefault: "Stripe's",
  }),
  STRIPE_TIMEOUT_MS: setting({
    about:
      'per request to Stripe: a hung Stripe answers 504 after about (retries + 1) times the timeout',
    parse: int({ min: 1, max: TIMER_MS }),
    default: 10_000,
  }),
  STRIPE_MAX_NETWORK_RETRIES: setting({
    about: 'retries of an idempotent Stripe request',
    parse: int({ max: 10 }),
    default: 1,
  }),
  PAYMENT_SWEEP_INTERVAL_SECONDS: setting({
    about:
      'how often pending orders are reconciled with the provider after the start-up sweep (`0`: at start only)',
    parse: int({ max: TIMER_SECONDS }),
    default: 15 * 60,
  }),
};

const LICENSES = {
  LICENSE_KEY_SECRET: setting({
    about:
      'root of the key-encryption key that seals stored license keys and of their lookup hash (at least 32 characters; changing it loses every issued key)',
    parse: minLength(32),
    default: byEnvironment({
      development: DEV_LICENSE_SECRET,
      test: DEV_LICENSE_SECRET,
      production: undefined,
    }),
    shownDefault: 'a dev-only constant',
    production: 'required',
  }),
  LICENSE_SIGNING_KEY: setting({
    about:
      'the Ed25519 private key (a JWK) that signs activation tokens; its public half is served at `/api/licenses/jwks.json`',
    parse: privateSigningJwk,
    default: byEnvironment({
      development: DEV_LICENSE_SIGNING_KEY,
      test: DEV_LICENSE_SIGNING_KEY,
      production: undefined,
    }),
    shownDefault: 'a dev-only key',
    production: 'required',
  }),
  LICENSE_SIGNING_KEY_ID: setting({
    about: '`kid` of the tokens `LICENSE_SIGNING_KEY` signs',
    parse: KEY_ID,
    shownDefault: "the key's JWK thumbprint",
  }),
  LICENSE_PREVIOUS_SIGNING_KEYS: setting({
    about:
      'public keys (a JSON array of JWKs, each with its `kid`) that rotations replaced: still in the JWKS, so earlier tokens verify until they expire',
    parse: previousSigningJwks,
  }),
  LICENSE_TOKEN_DAYS: setting({
    about:
      "lifetime of an activation token (the app's offline grace), never past the key's own expiry",
    parse: int({ min: 1, max: 3650 }),
    default: 30,
  }),
  LICENSE_IDLE_DAYS: setting({
    about: 'an activation that has not validated for this long is released by the licenses job',
    parse: int({ min: 1, max: 36500 }),
    default: 90,
  }),
  LICENSE_SWEEP_INTERVAL_SECONDS: setting({
    about:
      'how often idle activations are released and unsealed keys sealed after the start-up run (`0`: at start only)',
    parse: int({ max: TIMER_SECONDS }),
    default: 60 * 60,
  }),
};

const limit = (about: string, fallback: number) =>
  setting({ about, parse: AT_LEAST_ONE, default: fallback });

const LIMITS = {
  LOGIN_MAX_FAILURES: limit(
    'login attempts per e-mail and client address in 15 min (a success clears the count)',
    10,
  ),
  LOGIN_MAX_FAILURES_PER_ADDRESS: limit(
    'failed logins per client address, any accounts, in 15 min',
    100,
  ),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: limit(
    'failed logins per e-mail from addresses it never signed in from, in 15 min',
    30,
  ),
  FORGOT_PASSWORD_PER_HOUR: limit(
    'reset requests per e-mail per hour, whether or not the account exists',
    5,
  ),
  RESEND_VERIFICATION_PER_HOUR: limit(
    'verification mails asked for per e-mail per hour, whether or not the account exists',
    5,
  ),
  SIGNUP_PER_HOUR: limit('sign-up attempts per client address per hour', 10),
  COUPON_VALIDATIONS_PER_10_MINUTES: limit('`POST /api/coupons/validate` per user per 10 min', 20),
  DOWNLOAD_LINKS_PER_MINUTE: limit('download links per user per minute', 30),
  RESET_PASSWORD_PER_HOUR: limit(
    'new passwords set with a mailed link per client address per hour',
    20,
  ),
  CHANGE_PASSWORD_PER_HOUR: limit('password changes per user per hour', 10),
  CHECKOUTS_PER_HOUR: limit('checkouts opened, and confirmations asked, per user per hour', 60),
  READY_CHECKS_PER_MINUTE: limit(
    '`GET /api/ready` per client address per minute (the machine itself and `METRICS_TOKEN` holders: unlimited)',
    30,
  ),
  WEB_VITALS_PER_MINUTE: limit('`POST /api/vitals` beacons per client address per minute', 60),
  REVIEW_WRITES_PER_HOUR: limit('reviews posted or edited per user per hour', 20),
  HELPFUL_VOTES_PER_HOUR: limit('"helpful" votes on reviews per user per hour', 120),
  FREE_ORDERS_PER_HOUR: limit('$0 checkouts (nothing to pay) per user per hour', 10),
  LICENSE_CALLS_PER_KEY_PER_MINUTE: limit(
    'license activate, validate and deactivate calls per key per minute',
    60,
  ),
  LICENSE_CALLS_PER_ADDRESS_PER_MINUTE: limit(
    'license activate, validate and deactivate calls per client address per minute, any keys',
    300,
  ),
};

export interface Section {
  title: string;
  /** A line under the section's heading in docs/settings.md. */
  intro?: string;
  settings: Readonly<Record<string, SettingSpec<unknown, unknown>>>;
}

/** The settings by section, in the order of docs/settings.md (and of the checks at start). */
export const SECTIONS: readonly Section[] = [
  { title: 'Server', settings: SERVER },
  { title: 'Storage', settings: STORAGE },
  { title: 'Sign-in and sessions', settings: SIGN_IN },
  { title: 'Accounts', settings: ACCOUNTS },
  { title: 'Mail and background jobs', settings: MAIL_AND_JOBS },
  { title: 'Catalog and downloads', settings: CATALOG },
  { title: 'Payments', settings: PAYMENTS },
  { title: 'License keys', settings: LICENSES },
  {
    title: 'Abuse limits',
    intro:
      'Answered with 429 and `Retry-After`, counted in Redis when `REDIS_URL` is set (shared by the replicas).',
    settings: LIMITS,
  },
];

export const SCHEMA = {
  ...SERVER,
  ...STORAGE,
  ...SIGN_IN,
  ...ACCOUNTS,
  ...MAIL_AND_JOBS,
  ...CATALOG,
  ...PAYMENTS,
  ...LICENSES,
  ...LIMITS,
};

export type Setting = keyof typeof SCHEMA;

/** Every environment variable the api reads; `loadConfig`'s `env` is typed by this list. */
export const SETTINGS = Object.keys(SCHEMA) as Setting[];

export type Settings = { readonly [Name in Setting]: ValueOf<(typeof SCHEMA)[Name]> };

/** Every setting's value or default; throws a ConfigError naming the first bad one. */
export function readSettings(env: Partial<Record<Setting, string>>): Settings {
  const environment = readSetting('NODE_ENV', SCHEMA.NODE_ENV, env.NODE_ENV, 'development');
  const entries = SETTINGS.map((name) => [
    name,
    readSetting(name, SCHEMA[name] as SettingSpec<unknown, unknown>, env[name], environment),
  ]);
  return Object.fromEntries(entries) as Settings;
}
