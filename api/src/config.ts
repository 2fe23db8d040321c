import { hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, HTTP, settingsReader, trustProxySetting } from './lib/env-settings.ts';
import { refuseExampleValues } from './lib/example-values.ts';

export { ConfigError };

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `dataDir: null` keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export interface DemoAccount {
  name: string;
  email: string;
  password: string;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | null;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };

export type PaymentsConfig = {
  /** Public base URL of the api (the local hosted checkout page lives under it). */
  apiUrl: string;
  successUrl: string;
  cancelUrl: string;
  sweepIntervalSeconds: number;
} & (
  | { provider: 'local'; webhookSecret: string; sessionTtlSeconds: number }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string | null;
      api: { host: string | null; port: number | null; protocol: 'http' | 'https' | null };
      /** Per HTTP request to Stripe, so a hung provider cannot hold a checkout for long. */
      timeoutMs: number;
      maxNetworkRetries: number;
    }
);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: string;
  trustProxy: boolean | string;
  dataDir: string;
  database: DatabaseConfig;
  appUrl: string;
  /** Public base URL of the api (first `API_URL` entry): signed download links start with it. */
  apiUrl: string;
  /** Origins allowed for CORS and as CSRF `Origin`: the shell's plus the api's own. */
  appOrigins: string[];
  tokenSecret: string;
  /** `kid` header of the JWTs signed with keys derived from `tokenSecret`. */
  tokenKeyId: string;
  /** The secret a rotation replaced, and its `kid`: its JWTs still verify; it signs nothing. */
  previousTokenKey: { secret: string; keyId: string } | null;
  accessTokenTtlSeconds: number;
  /** Server-side session lifetime without / with "remember me". */
  sessionTtlSeconds: number;
  rememberMeTtlSeconds: number;
  refreshGraceSeconds: number;
  /** A repeat download request within this window gets the last URL back without counting. */
  downloadReuseSeconds: number;
  secureCookies: boolean;
  bodyLimitBytes: number;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Connection, greeting and idle-socket timeout of the SMTP relay. */
  smtpTimeoutMs: number;
  /** The first retry's delay of a mail the relay did not take; it then doubles (pg-boss). */
  mailRetryIntervalSeconds: number;
  /** A mail not delivered this long after it was sent is no longer tried (its job ends failed). */
  mailGiveUpAfterSeconds: number;
  /** How often pg-boss expires jobs whose worker vanished, and deletes finished ones. */
  jobsMaintenanceIntervalSeconds: number;
  outboxDir: string;
  admin: { email: string; password: string } | null;
  seedDemoAccounts: boolean;
  demoAdmin: DemoAccount;
  demoShopper: DemoAccount;
  storage: StorageConfig;
  /** Prefix of file URLs handed to clients (`/api/files` unless the api lives elsewhere). */
  publicFilesUrl: string;
  uploads: { previewMaxBytes: number; assetMaxBytes: number };
  featuredCacheTtlSeconds: number;
  /** Upper bound on the bytes of public catalog bodies one process keeps. */
  catalogCacheMaxBytes: number;
  /** Upper bound on how long a signed-in request may trust a cached session (0: no cache). */
  sessionCacheTtlSeconds: number;
  /** Demo categories, products and files (development only, never in production). */
  seedDemoCatalog: boolean;
  payments: PaymentsConfig;
  /** Bearer token of `GET /api/metrics`; without it the route is open in development only. */
  metricsToken: string | null;
  limits: {
    /** Per e-mail and client address. */
    loginFailures: number;
    /** Per client address, across accounts. */
    loginFailuresPerAddress: number;
    /** Per e-mail, across addresses (not from an address it signed in from before). */
    loginFailuresPerAccount: number;
    loginWindowSeconds: number;
    forgotPerHour: number;
    /** Asked-for verification mails per e-mail per hour. */
    resendVerificationPerHour: number;
    verificationResendSeconds: number;
    /** Per client address. */
    signup: RequestLimit;
    /** Per user: guessing coupon codes. */
    couponValidation: RequestLimit;
    /** Per user: issuing download links. */
    downloadLinks: RequestLimit;
    /** Per client address: setting a password with a mailed token. */
    passwordResets: RequestLimit;
    /** Per user: changing the password (each try checks the current one). */
    passwordChanges: RequestLimit;
    /** Per user: opening and confirming checkouts (each talks to the payment provider). */
    checkouts: RequestLimit;
    /** Per client address, not the operator: readiness checks (`GET /api/ready`). */
    readyChecks: RequestLimit;
    /** Per client address: Web Vitals beacons (`POST /api/vitals`). */
    webVitals: RequestLimit;
  };
}

export interface RequestLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Every environment variable the api reads. `loadConfig` can read no other (its `env` is typed
 * by this list), and a test holds `.env.example` to documenting each one.
 */
export const SETTINGS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'ACCESS_TOKEN_SECRET',
  'JWT_KEY_ID',
  'JWT_PREVIOUS_SECRET',
  'JWT_PREVIOUS_KEY_ID',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO_ADMIN_EMAIL',
  'DEMO_ADMIN_PASSWORD',
  'DEMO_ADMIN_NAME',
  'DEMO_SHOPPER_EMAIL',
  'DEMO_SHOPPER_PASSWORD',
  'DEMO_SHOPPER_NAME',
  'APP_URL',
  'APP_ORIGINS',
  'API_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SMTP_TIMEOUT_MS',
  'MAIL_RETRY_INTERVAL_SECONDS',
  'MAIL_GIVE_UP_AFTER_SECONDS',
  'JOBS_MAINTENANCE_INTERVAL_SECONDS',
  'REDIS_URL',
  'REFRESH_GRACE_SECONDS',
  'DOWNLOAD_REUSE_SECONDS',
  'ACCESS_TOKEN_TTL_SECONDS',
  'BODY_LIMIT_BYTES',
  'LOGIN_MAX_FAILURES',
  'LOGIN_MAX_FAILURES_PER_ADDRESS',
  'LOGIN_MAX_FAILURES_PER_ACCOUNT',
  'FORGOT_PASSWORD_PER_HOUR',
  'RESEND_VERIFICATION_PER_HOUR',
  'SIGNUP_PER_HOUR',
  'COUPON_VALIDATIONS_PER_10_MINUTES',
  'DOWNLOAD_LINKS_PER_MINUTE',
  'RESET_PASSWORD_PER_HOUR',
  'CHANGE_PASSWORD_PER_HOUR',
  'CHECKOUTS_PER_HOUR',
  'READY_CHECKS_PER_MINUTE',
  'WEB_VITALS_PER_MINUTE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'PUBLIC_FILES_URL',
  'UPLOAD_PREVIEW_MAX_BYTES',
  'UPLOAD_ASSET_MAX_BYTES',
  'FEATURED_CACHE_TTL_SECONDS',
  'CATALOG_CACHE_MAX_MB',
  'SESSION_CACHE_TTL_SECONDS',
  'SEED_DEMO_CATALOG',
  'PAYMENT_PROVIDER',
  'LOCAL_WEBHOOK_SECRET',
  'LOCAL_CHECKOUT_TTL_SECONDS',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
  'STRIPE_TIMEOUT_MS',
  'STRIPE_MAX_NETWORK_RETRIES',
  'PAYMENT_SWEEP_INTERVAL_SECONDS',
  'METRICS_TOKEN',
] as const;

export type Setting = (typeof SETTINGS)[number];

type Env = Partial<Record<Setting, string>>;
type Reader = ReturnType<typeof settingsReader<Setting>>;

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEV_SECRET = 'dev-only-insecure-token-secret-change-me-in-production';
const DEV_WEBHOOK_SECRET = 'dev-only-local-webhook-secret';
const DAY = 24 * 60 * 60;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// Node's timers take at most 2^31-1 ms; a longer interval silently fires every millisecond.
const MAX_TIMER_SECONDS = Math.floor(2_147_483_647 / 1000);
const TIMER_SECONDS = { max: MAX_TIMER_SECONDS };
const TIMER_MS = { max: 2_147_483_647 };
const AT_LEAST_ONE = { min: 1 };
const PORT_RANGE = { min: 1, max: 65_535 };

function storage(read: Reader, dataDir: string): StorageConfig {
  const bucket = read.text('S3_BUCKET');
  const accessKeyId = read.text('S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = read.text('S3_SECRET_ACCESS_KEY') ?? null;
  // One without the other would quietly fall back to the SDK's default credential chain.
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = read.url('S3_ENDPOINT', HTTP) ?? null;
  if (!bucket) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: read.text('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
  };
}

function payments(
  read: Reader,
  isProduction: boolean,
  appUrl: string,
  apiUrl: string,
): PaymentsConfig {
  const common = {
    apiUrl,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the local provider does the same.
    successUrl: `${appUrl}/purchase-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/purchase-cancel`,
    sweepIntervalSeconds: read.int('PAYMENT_SWEEP_INTERVAL_SECONDS', 15 * 60, TIMER_SECONDS),
  };
  const secretKey = read.text('STRIPE_SECRET_KEY');
  const chosen = read.oneOf('PAYMENT_PROVIDER', ['local', 'stripe']);
  // The local provider's hosted page pays without a card: production never falls back to it.
  if (isProduction && !chosen && !secretKey) {
    throw new ConfigError(
      'Production needs a payment provider: STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET), ' +
        'or PAYMENT_PROVIDER=local to simulate payments on purpose',
    );
  }
  const requested = chosen ?? (secretKey ? 'stripe' : 'local');
  if (requested === 'local') {
    const webhookSecret =
      read.text('LOCAL_WEBHOOK_SECRET') ?? (isProduction ? '' : DEV_WEBHOOK_SECRET);
    return {
      ...common,
      provider: 'local',
      // Without a configured secret in production nobody can sign a local webhook.
      webhookSecret: webhookSecret || randomBytes(32).toString('hex'),
      sessionTtlSeconds: read.int('LOCAL_CHECKOUT_TTL_SECONDS', DAY, AT_LEAST_ONE),
    };
  }
  if (!secretKey) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const webhookSecret = read.text('STRIPE_WEBHOOK_SECRET') ?? null;
  if (isProduction && !webhookSecret) {
    throw new ConfigError('Missing required settings: STRIPE_WEBHOOK_SECRET');
  }
  const port = read.int('STRIPE_API_PORT', 0, PORT_RANGE);
  return {
    ...common,
    provider: 'stripe',
    secretKey,
    webhookSecret,
    api: {
      host: read.text('STRIPE_API_HOST') ?? null,
      port: port || null,
      protocol: read.oneOf('STRIPE_API_PROTOCOL', HTTP) ?? null,
    },
    timeoutMs: read.int('STRIPE_TIMEOUT_MS', 10_000, { ...AT_LEAST_ONE, ...TIMER_MS }),
    maxNetworkRetries: read.int('STRIPE_MAX_NETWORK_RETRIES', 1, { max: 10 }),
  };
}

/** The first admin; null when neither half is set (production then refuses to start). */
function admin(read: Reader): AppConfig['admin'] {
  const email = read.email('ADMIN_EMAIL');
  const password = read.text('ADMIN_PASSWORD');
  if (!email && !password) return null;
  if (!email || !password) {
    const missing = email ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new ConfigError(`${missing} is missing: ADMIN_EMAIL and ADMIN_PASSWORD go together`);
  }
  if (password.length < 6) throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters');
  return { email, password };
}

function demoAccount(read: Reader, who: 'ADMIN' | 'SHOPPER', fallback: DemoAccount): DemoAccount {
  return {
    name: read.text(`DEMO_${who}_NAME`) ?? fallback.name,
    email: read.email(`DEMO_${who}_EMAIL`) ?? fallback.email,
    password: read.text(`DEMO_${who}_PASSWORD`) ?? fallback.password,
  };
}

const KEY_ID = /^[\w.-]{1,64}$/;

function keyId(read: Reader, name: 'JWT_KEY_ID' | 'JWT_PREVIOUS_KEY_ID', secret: string): string {
  const given = read.text(name)?.trim();
  if (given === undefined) {
    // Derived, so a new secret comes with a new id by itself; HKDF keeps the id from telling
    // anything about the secret.
    return Buffer.from(hkdfSync('sha256', secret, '', 'jwt key id', 6)).toString('base64url');
  }
  if (!KEY_ID.test(given)) {
    throw new ConfigError(`${name} must be 1-64 letters, digits, dots, dashes or underscores`);
  }
  return given;
}

/** The current JWT key's id and the key a rotation replaced, still accepted until removed. */
function tokenKeys(
  read: Reader,
  tokenSecret: string,
): Pick<AppConfig, 'tokenKeyId' | 'previousTokenKey'> {
  const tokenKeyId = keyId(read, 'JWT_KEY_ID', tokenSecret);
  const previousSecret = read.text('JWT_PREVIOUS_SECRET');
  const previousKeyId = read.text('JWT_PREVIOUS_KEY_ID');
  if (previousSecret === undefined) {
    if (previousKeyId !== undefined) {
      throw new ConfigError('JWT_PREVIOUS_KEY_ID needs JWT_PREVIOUS_SECRET');
    }
    return { tokenKeyId, previousTokenKey: null };
  }
  if (previousSecret.length < 32) {
    throw new ConfigError('JWT_PREVIOUS_SECRET must be at least 32 characters');
  }
  if (previousSecret === tokenSecret) {
    throw new ConfigError('JWT_PREVIOUS_SECRET must differ from JWT_SECRET');
  }
  const previous = {
    secret: previousSecret,
    keyId: keyId(read, 'JWT_PREVIOUS_KEY_ID', previousSecret),
  };
  if (previous.keyId === tokenKeyId) {
    throw new ConfigError(
      `JWT_PREVIOUS_KEY_ID must differ from the current key id "${tokenKeyId}"`,
    );
  }
  return { tokenKeyId, previousTokenKey: previous };
}

function publicFilesUrl(read: Reader): string {
  const raw = read.text('PUBLIC_FILES_URL')?.trim() ?? '/api/files';
  if (!raw.startsWith('/')) read.url('PUBLIC_FILES_URL', HTTP);
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): AppConfig {
  const read = settingsReader<Setting>(env);
  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'production', 'test']) ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = read.int('PORT', 5000, { max: 65_535 });
  const dataDir = path.resolve(read.text('DATA_DIR') ?? path.join(API_ROOT, '.data'));
  const tokenSecret = read.text('ACCESS_TOKEN_SECRET') ?? read.text('JWT_SECRET') ?? '';
  const firstAdmin = admin(read);
  if (isProduction) {
    const missing: string[] = [];
    if (!tokenSecret) missing.push('JWT_SECRET (or ACCESS_TOKEN_SECRET)');
    if (!firstAdmin) missing.push('ADMIN_EMAIL and ADMIN_PASSWORD');
    // Without a relay, reset and verification links would only reach the log.
    if (!read.text('SMTP_URL')) missing.push('SMTP_URL');
    if (missing.length) throw new ConfigError(`Missing required settings: ${missing.join(', ')}`);
    refuseExampleValues(env);
  }
  if (tokenSecret && tokenSecret.length < 32) {
    throw new ConfigError('JWT_SECRET / ACCESS_TOKEN_SECRET must be at least 32 characters');
  }
  const metricsToken = read.text('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  }

  const appUrl = (read.url('APP_URL', HTTP) ?? 'http://localhost:3000').replace(/\/+$/, '');
  const appOrigins = read.urlList('APP_ORIGINS');
  // Outside production the remotes' dev ports (3001-3004, tooling/apps.cjs) count too: a remote
  // run alone (`npm run dev -w mf-catalog`) sends its unsafe calls from its own origin.
  const defaultAppOrigins = (isProduction ? [3000] : [3000, 3001, 3002, 3003, 3004]).flatMap(
    (appPort) => [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`],
  );
  const apiUrls = read.urlList('API_URL');
  const ownOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...apiUrls];
  const origins = [
    ...new Set([
      ...(appOrigins.length ? appOrigins : defaultAppOrigins),
      new URL(appUrl).origin,
      ...ownOrigins,
    ]),
  ];
  const apiUrl = apiUrls[0] ?? `http://localhost:${port}`;
  const databaseUrl = read.url('DATABASE_URL', ['postgres', 'postgresql']);

  const config: AppConfig = {
    env: nodeEnv,
    isProduction,
    host: read.text('HOST') ?? '127.0.0.1',
    port,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxySetting('TRUST_PROXY', read.text('TRUST_PROXY')),
    dataDir,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    appUrl,
    apiUrl,
    appOrigins: origins,
    tokenSecret: tokenSecret || DEV_SECRET,
    ...tokenKeys(read, tokenSecret || DEV_SECRET),
    accessTokenTtlSeconds: read.int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60, AT_LEAST_ONE),
    sessionTtlSeconds: 7 * DAY,
    rememberMeTtlSeconds: 30 * DAY,
    refreshGraceSeconds: read.int('REFRESH_GRACE_SECONDS', 10),
    downloadReuseSeconds: read.int('DOWNLOAD_REUSE_SECONDS', 30),
    secureCookies: isProduction,
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 1024 * 1024, AT_LEAST_ONE),
    redisUrl: read.url('REDIS_URL', ['redis', 'rediss']) ?? null,
    smtpUrl: read.url('SMTP_URL', ['smtp', 'smtps']) ?? null,
    mailFrom: read.text('MAIL_FROM') ?? 'Digital Assets Store <no-reply@localhost>',
    smtpTimeoutMs: read.int('SMTP_TIMEOUT_MS', 10_000, { ...AT_LEAST_ONE, ...TIMER_MS }),
    mailRetryIntervalSeconds: read.int('MAIL_RETRY_INTERVAL_SECONDS', 60, TIMER_SECONDS),
    mailGiveUpAfterSeconds: read.int('MAIL_GIVE_UP_AFTER_SECONDS', DAY, {
      ...AT_LEAST_ONE,
      ...TIMER_SECONDS,
    }),
    // pg-boss refuses a maintenance interval over a day.
    jobsMaintenanceIntervalSeconds: read.int('JOBS_MAINTENANCE_INTERVAL_SECONDS', 60, {
      min: 1,
      max: DAY - 1,
    }),
    outboxDir: path.join(dataDir, 'outbox'),
    admin: firstAdmin,
    seedDemoAccounts: !isProduction,
    demoAdmin: demoAccount(read, 'ADMIN', {
      name: 'Ada Admin',
      email: 'admin@example.com',
      password: 'Admin#2026',
    }),
    demoShopper: demoAccount(read, 'SHOPPER', {
      name: 'Sam Shopper',
      email: 'shopper@example.com',
      password: 'Shopper#2026',
    }),
    storage: storage(read, dataDir),
    publicFilesUrl: publicFilesUrl(read),
    uploads: {
      previewMaxBytes: read.int('UPLOAD_PREVIEW_MAX_BYTES', 10 * 1024 * 1024, AT_LEAST_ONE),
      assetMaxBytes: read.int('UPLOAD_ASSET_MAX_BYTES', 50 * 1024 * 1024, AT_LEAST_ONE),
    },
    featuredCacheTtlSeconds: read.int('FEATURED_CACHE_TTL_SECONDS', 300),
    catalogCacheMaxBytes: read.int('CATALOG_CACHE_MAX_MB', 64, AT_LEAST_ONE) * 1024 * 1024,
    sessionCacheTtlSeconds: read.int('SESSION_CACHE_TTL_SECONDS', 60),
    // Read (and checked) in production too, where it is forced off.
    seedDemoCatalog: read.flag('SEED_DEMO_CATALOG', nodeEnv === 'development') && !isProduction,
    payments: payments(read, isProduction, appUrl, apiUrl),
    metricsToken,
    limits: {
      // 0 would refuse every call, which nobody means by a limit.
      loginFailures: read.int('LOGIN_MAX_FAILURES', 10, AT_LEAST_ONE),
      loginFailuresPerAddress: read.int('LOGIN_MAX_FAILURES_PER_ADDRESS', 100, AT_LEAST_ONE),
      loginFailuresPerAccount: read.int('LOGIN_MAX_FAILURES_PER_ACCOUNT', 30, AT_LEAST_ONE),
      loginWindowSeconds: 15 * 60,
      forgotPerHour: read.int('FORGOT_PASSWORD_PER_HOUR', 5, AT_LEAST_ONE),
      resendVerificationPerHour: read.int('RESEND_VERIFICATION_PER_HOUR', 5, AT_LEAST_ONE),
      verificationResendSeconds: 5 * 60,
      signup: { max: read.int('SIGNUP_PER_HOUR', 10, AT_LEAST_ONE), windowSeconds: 60 * 60 },
      couponValidation: {
        max: read.int('COUPON_VALIDATIONS_PER_10_MINUTES', 20, AT_LEAST_ONE),
        windowSeconds: 10 * 60,
      },
      downloadLinks: {
        max: read.int('DOWNLOAD_LINKS_PER_MINUTE', 30, AT_LEAST_ONE),
        windowSeconds: 60,
      },
      passwordResets: {
        max: read.int('RESET_PASSWORD_PER_HOUR', 20, AT_LEAST_ONE),
        windowSeconds: 60 * 60,
      },
      passwordChanges: {
        max: read.int('CHANGE_PASSWORD_PER_HOUR', 10, AT_LEAST_ONE),
        windowSeconds: 60 * 60,
      },
      checkouts: { max: read.int('CHECKOUTS_PER_HOUR', 60, AT_LEAST_ONE), windowSeconds: 60 * 60 },
      readyChecks: {
        max: read.int('READY_CHECKS_PER_MINUTE', 30, AT_LEAST_ONE),
        windowSeconds: 60,
      },
      // A visitor sends one beacon per page hidden: 60 a minute is out of any real visitor's reach.
      webVitals: { max: read.int('WEB_VITALS_PER_MINUTE', 60, AT_LEAST_ONE), windowSeconds: 60 },
    },
  };
  const demoEmails = [config.demoAdmin.email, config.demoShopper.email];
  if (isProduction && firstAdmin && demoEmails.includes(firstAdmin.email)) {
    // A production start refuses a database holding it (startup/no-demo-accounts.ts).
    throw new ConfigError(`ADMIN_EMAIL ${firstAdmin.email} is a development demo account's`);
  }
  return config;
}
