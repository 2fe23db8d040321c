import { ConfigError, defaultOf } from './env-settings.ts';
import type { Ed25519Jwk } from './ed25519-jwk.ts';
import { SCHEMA } from '../settings.ts';

/**
 * The placeholders `.env.example` ships (a test holds this list to the file). Copied unchanged
 * into production they are secrets every reader of the repository knows; they pass every length
 * and format check, so they are refused by value.
 */
const EXAMPLE_VALUES: Record<string, string> = {
  JWT_SECRET: 'change-me-to-at-least-32-random-characters',
  ADMIN_EMAIL: 'admin@your-store.example',
  ADMIN_PASSWORD: 'change-me-admin',
  S3_SECRET_ACCESS_KEY: 'change-me-store-app-secret',
  SMTP_URL: 'smtp://user:change-me-smtp@smtp.your-provider.example:587',
  LICENSE_KEY_SECRET: 'change-me-to-at-least-32-random-characters-for-license-keys',
  // A real key, so that compose can parse the file; published here, so never a store's.
  LICENSE_SIGNING_KEY:
    '{"kty":"OKP","crv":"Ed25519","x":"E0rA7DDRGBczhpFrT2nh2Zc6MAvkOw8n-SxtOVRPIRs","d":"TryHI6eAsrISPpVcdB-oaDBbUMqjIOj-prd4prtdQzw"}',
};

/** Compose builds DATABASE_URL from it; the api sees it only there. */
const EXAMPLE_DATABASE_PASSWORD = 'change-me-postgres';

function databasePassword(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return null;
  }
}

/** Production: throws naming the first setting that still holds `.env.example`'s value. */
export function refuseExampleValues(env: Partial<Record<string, string>>): void {
  for (const [name, example] of Object.entries(EXAMPLE_VALUES)) {
    if (env[name]?.trim() === example) {
      throw new ConfigError(`${name} is the placeholder from .env.example: set your own value`);
    }
  }
  if (databasePassword(env['DATABASE_URL']) === EXAMPLE_DATABASE_PASSWORD) {
    throw new ConfigError(
      'DATABASE_URL holds the placeholder POSTGRES_PASSWORD from .env.example: set your own value',
    );
  }
}

/**
 * Production: throws when a license secret is the development constant that tests and
 * development run on. It is in the repository, so it proves nothing: tokens it signs could be
 * forged and keys it seals opened by anyone with a database dump.
 */
export function refuseDevelopmentSecrets(settings: {
  LICENSE_KEY_SECRET?: string | undefined;
  LICENSE_SIGNING_KEY?: Ed25519Jwk | undefined;
}): void {
  const secret = defaultOf(SCHEMA.LICENSE_KEY_SECRET, 'development');
  if (settings.LICENSE_KEY_SECRET === secret) {
    throw new ConfigError(
      'LICENSE_KEY_SECRET is the development constant: set your own value (docs/licenses.md)',
    );
  }
  const signingKey = defaultOf(SCHEMA.LICENSE_SIGNING_KEY, 'development');
  if (signingKey && settings.LICENSE_SIGNING_KEY?.d === signingKey.d) {
    throw new ConfigError(
      'LICENSE_SIGNING_KEY is the development key: make your own (docs/licenses.md)',
    );
  }
}
