import { hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, type Environment } from './lib/env-settings.ts';
import type { Ed25519Jwk } from './lib/ed25519-jwk.ts';
import { refuseDevelopmentSecrets, refuseExampleValues } from './lib/example-values.ts';
import { readSettings, type Setting, type Settings } from './settings.ts';

export { ConfigError };
export { SETTINGS, type Setting } from './settings.ts';

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
  env: Environment;
  isProduction: boolean;
  host: string;
  port: number;
  stopGraceSeconds: number;
  logLevel: string;
  trustProxy: Settings['TRUST_PROXY'];
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
  /** How often the rating prior job runs after its start-up run (0: at start only). */
  ratingPriorIntervalSeconds: number;
  /** How often the sale end job runs after its start-up run (0: at start only). */
  saleEndIntervalSeconds: number;
  /** Upper bound on how long a signed-in request may trust a cached session (0: no cache). */
  sessionCacheTtlSeconds: number;
  /** Demo categories, products and files (development only, never in production). */
  seedDemoCatalog: boolean;
  payments: PaymentsConfig;
  licenses: LicensesConfig;
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
    /** Per user: reviews posted or edited. */
    reviewWrites: RequestLimit;
    /** Per user: $0 checkouts (each completes an order without the provider). */
    freeOrders: RequestLimit;
    /** Per user: "helpful" votes (each one drops the cached catalog). */
    helpfulVotes: RequestLimit;
    /** Per license key: the public license API (activate, validate, deactivate). */
    licenseCallsPerKey: RequestLimit;
    /** Per client address, any keys: the public license API. */
    licenseCallsPerAddress: RequestLimit;
  };
}

export interface LicensesConfig {
  /** Root of the key-encryption key and of the lookup hash (licenses/key-vault.ts). */
  keySecret: string;
  /** Signs activation tokens. */
  signingKey: Ed25519Jwk;
  /** Its `kid`: given, or its JWK thumbprint when null. */
  signingKeyId: string | null;
  /** Public keys a rotation replaced, still in the JWKS. */
  previousSigningKeys: readonly Ed25519Jwk[];
  tokenDays: number;
  idleDays: number;
  sweepIntervalSeconds: number;
}

export interface RequestLimit {
  max: number;
  windowSeconds: number;
}

type Env = Partial<Record<Setting, string>>;

const DAY = 24 * 60 * 60;

function storage(s: Settings, dataDir: string): StorageConfig {
  const accessKeyId = s.S3_ACCESS_KEY_ID ?? null;
  const secretAccessKey = s.S3_SECRET_ACCESS_KEY ?? null;
  // One without the other would quietly fall back to the SDK's default credential chain.
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!s.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    bucket: s.S3_BUCKET,
    endpoint: s.S3_ENDPOINT ?? null,
    region: s.S3_REGION,
    accessKeyId,
    secretAccessKey,
  };
}

function payments(
  s: Settings,
  isProduction: boolean,
  appUrl: string,
  apiUrl: string,
): PaymentsConfig {
  const common = {
    apiUrl,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the local provider does the same.
    successUrl: `${appUrl}/purchase-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/purchase-cancel`,
    sweepIntervalSeconds: s.PAYMENT_SWEEP_INTERVAL_SECONDS,
  };
  const secretKey = s.STRIPE_SECRET_KEY;
  const chosen = s.PAYMENT_PROVIDER;
  // The local provider's hosted page pays without a card: production never falls back to it.
  if (isProduction && !chosen && !secretKey) {
    throw new ConfigError(
      'Production needs a payment provider: STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET), ' +
        'or PAYMENT_PROVIDER=local to simulate payments on purpose',
    );
  }
  const requested = chosen ?? (secretKey ? 'stripe' : 'local');
  if (requested === 'local') {
    return {
      ...common,
      provider: 'local',
      // Without a configured secret in production nobody can sign a local webhook.
      webhookSecret: s.LOCAL_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
      sessionTtlSeconds: s.LOCAL_CHECKOUT_TTL_SECONDS,
    };
  }
  if (!secretKey) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const webhookSecret = s.STRIPE_WEBHOOK_SECRET ?? null;
  if (isProduction && !webhookSecret) {
    throw new ConfigError('Missing required settings: STRIPE_WEBHOOK_SECRET');
  }
  return {
    ...common,
    provider: 'stripe',
    secretKey,
    webhookSecret,
    api: {
      host: s.STRIPE_API_HOST ?? null,
      port: s.STRIPE_API_PORT ?? null,
      protocol: s.STRIPE_API_PROTOCOL ?? null,
    },
    timeoutMs: s.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: s.STRIPE_MAX_NETWORK_RETRIES,
  };
}

/** The first admin; null when neither half is set (production then refuses to start). */
function admin(s: Settings): AppConfig['admin'] {
  const email = s.ADMIN_EMAIL;
  const password = s.ADMIN_PASSWORD;
  if (!email && !password) return null;
  if (!email || !password) {
    const missing = email ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new ConfigError(`${missing} is missing: ADMIN_EMAIL and ADMIN_PASSWORD go together`);
  }
  return { email, password };
}

/** A given key id, or one derived from the secret, so a new secret comes with a new id by itself. */
function keyId(given: string | undefined, secret: string): string {
  // HKDF keeps the id from telling anything about the secret.
  return (
    given ?? Buffer.from(hkdfSync('sha256', secret, '', 'jwt key id', 6)).toString('base64url')
  );
}

/** The current JWT key's id and the key a rotation replaced, still accepted until removed. */
function tokenKeys(
  s: Settings,
  tokenSecret: string,
): Pick<AppConfig, 'tokenKeyId' | 'previousTokenKey'> {
  const tokenKeyId = keyId(s.JWT_KEY_ID, tokenSecret);
  const previousSecret = s.JWT_PREVIOUS_SECRET;
  if (previousSecret === undefined) {
    if (s.JWT_PREVIOUS_KEY_ID !== undefined) {
      throw new ConfigError('JWT_PREVIOUS_KEY_ID needs JWT_PREVIOUS_SECRET');
    }
    return { tokenKeyId, previousTokenKey: null };
  }
  if (previousSecret === tokenSecret) {
    throw new ConfigError('JWT_PREVIOUS_SECRET must differ from JWT_SECRET');
  }
  const previous = { secret: previousSecret, keyId: keyId(s.JWT_PREVIOUS_KEY_ID, previousSecret) };
  if (previous.keyId === tokenKeyId) {
    throw new ConfigError(
      `JWT_PREVIOUS_KEY_ID must differ from the current key id "${tokenKeyId}"`,
    );
  }
  return { tokenKeyId, previousTokenKey: previous };
}

/** Every setting checked (settings.ts), then the rules between them; a ConfigError names the culprit. */
export function loadConfig(env: Env = process.env): AppConfig {
  const s = readSettings(env);
  const isProduction = s.NODE_ENV === 'production';
  // In production JWT_SECRET has no default: the missing-settings check below names it.
  const tokenSecret = s.ACCESS_TOKEN_SECRET ?? s.JWT_SECRET ?? '';
  const firstAdmin = admin(s);
  if (isProduction) {
    const missing: string[] = [];
    if (!tokenSecret) missing.push('JWT_SECRET (or ACCESS_TOKEN_SECRET)');
    if (!firstAdmin) missing.push('ADMIN_EMAIL and ADMIN_PASSWORD');
    // Without a relay, reset and verification links would only reach the log.
    if (!s.SMTP_URL) missing.push('SMTP_URL');
    if (!s.LICENSE_KEY_SECRET) missing.push('LICENSE_KEY_SECRET');
    if (!s.LICENSE_SIGNING_KEY) missing.push('LICENSE_SIGNING_KEY');
    if (missing.length) throw new ConfigError(`Missing required settings: ${missing.join(', ')}`);
    refuseExampleValues(env);
    refuseDevelopmentSecrets(s);
  }
  if (tokenSecret.length < 32) {
    throw new ConfigError('JWT_SECRET / ACCESS_TOKEN_SECRET must be at least 32 characters');
  }

  const port = s.PORT;
  const ownOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...s.API_URL];
  const origins = [...new Set([...s.APP_ORIGINS, new URL(s.APP_URL).origin, ...ownOrigins])];
  const apiUrl = s.API_URL[0] ?? `http://localhost:${port}`;
  const dataDir = s.DATA_DIR;

  const config: AppConfig = {
    env: s.NODE_ENV,
    isProduction,
    host: s.HOST,
    port,
    stopGraceSeconds: s.STOP_GRACE_SECONDS,
    logLevel: s.LOG_LEVEL,
    trustProxy: s.TRUST_PROXY,
    dataDir,
    database: s.DATABASE_URL
      ? { kind: 'postgres', url: s.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    appUrl: s.APP_URL,
    apiUrl,
    appOrigins: origins,
    tokenSecret,
    ...tokenKeys(s, tokenSecret),
    accessTokenTtlSeconds: s.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlSeconds: 7 * DAY,
    rememberMeTtlSeconds: 30 * DAY,
    refreshGraceSeconds: s.REFRESH_GRACE_SECONDS,
    downloadReuseSeconds: s.DOWNLOAD_REUSE_SECONDS,
    secureCookies: isProduction,
    bodyLimitBytes: s.BODY_LIMIT_BYTES,
    redisUrl: s.REDIS_URL ?? null,
    smtpUrl: s.SMTP_URL ?? null,
    mailFrom: s.MAIL_FROM,
    smtpTimeoutMs: s.SMTP_TIMEOUT_MS,
    mailRetryIntervalSeconds: s.MAIL_RETRY_INTERVAL_SECONDS,
    mailGiveUpAfterSeconds: s.MAIL_GIVE_UP_AFTER_SECONDS,
    jobsMaintenanceIntervalSeconds: s.JOBS_MAINTENANCE_INTERVAL_SECONDS,
    outboxDir: path.join(dataDir, 'outbox'),
    admin: firstAdmin,
    seedDemoAccounts: !isProduction,
    demoAdmin: {
      name: s.DEMO_ADMIN_NAME,
      email: s.DEMO_ADMIN_EMAIL,
      password: s.DEMO_ADMIN_PASSWORD,
    },
    demoShopper: {
      name: s.DEMO_SHOPPER_NAME,
      email: s.DEMO_SHOPPER_EMAIL,
      password: s.DEMO_SHOPPER_PASSWORD,
    },
    storage: storage(s, dataDir),
    publicFilesUrl: s.PUBLIC_FILES_URL,
    uploads: {
      previewMaxBytes: s.UPLOAD_PREVIEW_MAX_BYTES,
      assetMaxBytes: s.UPLOAD_ASSET_MAX_BYTES,
    },
    featuredCacheTtlSeconds: s.FEATURED_CACHE_TTL_SECONDS,
    catalogCacheMaxBytes: s.CATALOG_CACHE_MAX_MB * 1024 * 1024,
    ratingPriorIntervalSeconds: s.RATING_PRIOR_INTERVAL_SECONDS,
    saleEndIntervalSeconds: s.SALE_END_INTERVAL_SECONDS,
    sessionCacheTtlSeconds: s.SESSION_CACHE_TTL_SECONDS,
    // Checked in production too, where it is forced off.
    seedDemoCatalog: s.SEED_DEMO_CATALOG && !isProduction,
    payments: payments(s, isProduction, s.APP_URL, apiUrl),
    licenses: {
      // Only production has no default, and its missing-settings check above named them.
      keySecret: s.LICENSE_KEY_SECRET!,
      signingKey: s.LICENSE_SIGNING_KEY!,
      signingKeyId: s.LICENSE_SIGNING_KEY_ID ?? null,
      previousSigningKeys: s.LICENSE_PREVIOUS_SIGNING_KEYS ?? [],
      tokenDays: s.LICENSE_TOKEN_DAYS,
      idleDays: s.LICENSE_IDLE_DAYS,
      sweepIntervalSeconds: s.LICENSE_SWEEP_INTERVAL_SECONDS,
    },
    metricsToken: s.METRICS_TOKEN ?? null,
    limits: {
      loginFailures: s.LOGIN_MAX_FAILURES,
      loginFailuresPerAddress: s.LOGIN_MAX_FAILURES_PER_ADDRESS,
      loginFailuresPerAccount: s.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginWindowSeconds: 15 * 60,
      forgotPerHour: s.FORGOT_PASSWORD_PER_HOUR,
      resendVerificationPerHour: s.RESEND_VERIFICATION_PER_HOUR,
      verificationResendSeconds: 5 * 60,
      signup: { max: s.SIGNUP_PER_HOUR, windowSeconds: 60 * 60 },
      couponValidation: { max: s.COUPON_VALIDATIONS_PER_10_MINUTES, windowSeconds: 10 * 60 },
      downloadLinks: { max: s.DOWNLOAD_LINKS_PER_MINUTE, windowSeconds: 60 },
      passwordResets: { max: s.RESET_PASSWORD_PER_HOUR, windowSeconds: 60 * 60 },
      passwordChanges: { max: s.CHANGE_PASSWORD_PER_HOUR, windowSeconds: 60 * 60 },
      checkouts: { max: s.CHECKOUTS_PER_HOUR, windowSeconds: 60 * 60 },
      readyChecks: { max: s.READY_CHECKS_PER_MINUTE, windowSeconds: 60 },
      // A visitor sends one beacon per page hidden: 60 a minute is out of any real visitor's reach.
      webVitals: { max: s.WEB_VITALS_PER_MINUTE, windowSeconds: 60 },
      reviewWrites: { max: s.REVIEW_WRITES_PER_HOUR, windowSeconds: 60 * 60 },
      helpfulVotes: { max: s.HELPFUL_VOTES_PER_HOUR, windowSeconds: 60 * 60 },
      freeOrders: { max: s.FREE_ORDERS_PER_HOUR, windowSeconds: 60 * 60 },
      licenseCallsPerKey: { max: s.LICENSE_CALLS_PER_KEY_PER_MINUTE, windowSeconds: 60 },
      licenseCallsPerAddress: { max: s.LICENSE_CALLS_PER_ADDRESS_PER_MINUTE, windowSeconds: 60 },
    },
  };
  const demoEmails = [config.demoAdmin.email, config.demoShopper.email];
  if (isProduction && firstAdmin && demoEmails.includes(firstAdmin.email)) {
    // A production start refuses a database holding it (startup/no-demo-accounts.ts).
    throw new ConfigError(`ADMIN_EMAIL ${firstAdmin.email} is a development demo account's`);
  }
  return config;
}
