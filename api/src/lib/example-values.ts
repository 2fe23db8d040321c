import { ConfigError } from './env-settings.ts';

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
