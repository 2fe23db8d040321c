import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** How often undelivered mail is retried (also the first retry's delay; it then doubles). */
  mailRetryIntervalSeconds: number;
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
  /** Upper bound on how long a signed-in request may trust a cached session (0: no cache). */
  sessionCacheTtlSeconds: number;
  /** Demo categories, products and files (development only, never in production). */
  seedDemoCatalog: boolean;
  payments: PaymentsConfig;
  limits: {
    loginFailures: number;
    loginWindowSeconds: number;
    forgotPerHour: number;
    verificationResendSeconds: number;
    /** Per client address. */
    signup: RequestLimit;
    /** Per user: guessing coupon codes. */
    couponValidation: RequestLimit;
    /** Per user: issuing download links. */
    downloadLinks: RequestLimit;
  };
}

export interface RequestLimit {
  max: number;
  windowSeconds: number;
}

type Env = Record<string, string | undefined>;

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEV_SECRET = 'dev-only-insecure-token-secret-change-me-in-production';
const DEV_WEBHOOK_SECRET = 'dev-only-local-webhook-secret';
const DAY = 24 * 60 * 60;

export class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be an integer`);
  return value;
}

// 0 would refuse every call, which nobody means by a limit.
function positiveInt(env: Env, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1`);
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false`);
  return raw === 'true';
}

function storage(env: Env, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
  };
}

function payments(env: Env, isProduction: boolean, appUrl: string, apiUrl: string): PaymentsConfig {
  const common = {
    apiUrl,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the local provider does the same.
    successUrl: `${appUrl}/purchase-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/purchase-cancel`,
    sweepIntervalSeconds: int(env, 'PAYMENT_SWEEP_INTERVAL_SECONDS', 15 * 60),
  };
  const requested = env.PAYMENT_PROVIDER || (env.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (requested === 'local') {
    const webhookSecret = env.LOCAL_WEBHOOK_SECRET || (isProduction ? '' : DEV_WEBHOOK_SECRET);
    return {
      ...common,
      provider: 'local',
      // Without a configured secret in production nobody can sign a local webhook.
      webhookSecret: webhookSecret || randomBytes(32).toString('hex'),
      sessionTtlSeconds: int(env, 'LOCAL_CHECKOUT_TTL_SECONDS', DAY),
    };
  }
  if (requested !== 'stripe') throw new ConfigError('PAYMENT_PROVIDER must be local or stripe');
  if (!env.STRIPE_SECRET_KEY)
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  if (isProduction && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Missing required settings: STRIPE_WEBHOOK_SECRET');
  }
  const protocol = env.STRIPE_API_PROTOCOL || null;
  if (protocol !== null && protocol !== 'http' && protocol !== 'https') {
    throw new ConfigError('STRIPE_API_PROTOCOL must be http or https');
  }
  return {
    ...common,
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    api: {
      host: env.STRIPE_API_HOST || null,
      port: env.STRIPE_API_PORT ? int(env, 'STRIPE_API_PORT', 443) : null,
      protocol,
    },
    timeoutMs: int(env, 'STRIPE_TIMEOUT_MS', 10_000),
    maxNetworkRetries: int(env, 'STRIPE_MAX_NETWORK_RETRIES', 1),
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv =
    env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const isProduction = nodeEnv === 'production';
  const port = int(env, 'PORT', 5000);
  const dataDir = path.resolve(env.DATA_DIR || path.join(API_ROOT, '.data'));
  const tokenSecret = env.ACCESS_TOKEN_SECRET || env.JWT_SECRET || '';
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD }
      : null;

  if (isProduction) {
    const missing: string[] = [];
    if (!tokenSecret) missing.push('JWT_SECRET (or ACCESS_TOKEN_SECRET)');
    if (!admin) missing.push('ADMIN_EMAIL and ADMIN_PASSWORD');
    if (missing.length) throw new ConfigError(`Missing required settings: ${missing.join(', ')}`);
  }
  if (tokenSecret && tokenSecret.length < 32) {
    throw new ConfigError('JWT_SECRET / ACCESS_TOKEN_SECRET must be at least 32 characters');
  }
  if (admin && admin.password.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters');
  }

  const appUrl = (env.APP_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const appOrigins = env.APP_ORIGINS
    ? list(env.APP_ORIGINS)
    : ['http://localhost:3000', 'http://127.0.0.1:3000'];
  const apiUrls = list(env.API_URL);
  const ownOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...apiUrls];
  const origins = [...new Set([...appOrigins, new URL(appUrl).origin, ...ownOrigins])];
  const apiUrl = apiUrls[0] ?? `http://localhost:${port}`;

  return {
    env: nodeEnv,
    isProduction,
    host: env.HOST || '127.0.0.1',
    port,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    appUrl,
    apiUrl,
    appOrigins: origins,
    tokenSecret: tokenSecret || DEV_SECRET,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    sessionTtlSeconds: 7 * DAY,
    rememberMeTtlSeconds: 30 * DAY,
    refreshGraceSeconds: int(env, 'REFRESH_GRACE_SECONDS', 10),
    downloadReuseSeconds: int(env, 'DOWNLOAD_REUSE_SECONDS', 30),
    secureCookies: isProduction,
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    redisUrl: env.REDIS_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Digital Assets Store <no-reply@localhost>',
    smtpTimeoutMs: int(env, 'SMTP_TIMEOUT_MS', 10_000),
    mailRetryIntervalSeconds: int(env, 'MAIL_RETRY_INTERVAL_SECONDS', 60),
    outboxDir: path.join(dataDir, 'outbox'),
    admin,
    seedDemoAccounts: !isProduction,
    demoAdmin: {
      name: env.DEMO_ADMIN_NAME || 'Ada Admin',
      email: (env.DEMO_ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
      password: env.DEMO_ADMIN_PASSWORD || 'Admin#2026',
    },
    demoShopper: {
      name: env.DEMO_SHOPPER_NAME || 'Sam Shopper',
      email: (env.DEMO_SHOPPER_EMAIL || 'shopper@example.com').trim().toLowerCase(),
      password: env.DEMO_SHOPPER_PASSWORD || 'Shopper#2026',
    },
    storage: storage(env, dataDir),
    publicFilesUrl: (env.PUBLIC_FILES_URL || '/api/files').replace(/\/+$/, ''),
    uploads: {
      previewMaxBytes: int(env, 'UPLOAD_PREVIEW_MAX_BYTES', 10 * 1024 * 1024),
      assetMaxBytes: int(env, 'UPLOAD_ASSET_MAX_BYTES', 50 * 1024 * 1024),
    },
    featuredCacheTtlSeconds: int(env, 'FEATURED_CACHE_TTL_SECONDS', 300),
    sessionCacheTtlSeconds: int(env, 'SESSION_CACHE_TTL_SECONDS', 60),
    seedDemoCatalog: !isProduction && flag(env, 'SEED_DEMO_CATALOG', nodeEnv === 'development'),
    payments: payments(env, isProduction, appUrl, apiUrl),
    limits: {
      loginFailures: positiveInt(env, 'LOGIN_MAX_FAILURES', 10),
      loginWindowSeconds: 15 * 60,
      forgotPerHour: positiveInt(env, 'FORGOT_PASSWORD_PER_HOUR', 5),
      verificationResendSeconds: 5 * 60,
      signup: { max: positiveInt(env, 'SIGNUP_PER_HOUR', 10), windowSeconds: 60 * 60 },
      couponValidation: {
        max: positiveInt(env, 'COUPON_VALIDATIONS_PER_10_MINUTES', 20),
        windowSeconds: 10 * 60,
      },
      downloadLinks: { max: positiveInt(env, 'DOWNLOAD_LINKS_PER_MINUTE', 30), windowSeconds: 60 },
    },
  };
}
