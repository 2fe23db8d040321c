import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Response } from 'playwright-core';
import { joinRun, SECRETS_FILE } from './run-files.ts';

/**
 * Every credential the store handed out during the run (session and refresh cookie values) and
 * every password the specs made up, one JSON line each, so `zz-log-secrets.spec.ts` can prove
 * that none of them reached the api's log.
 */
export interface HandedOutSecret {
  kind: 'cookie' | 'password' | 'license key';
  name: string;
  value: string;
}

const seen = new Set<string>();

function record(secret: HandedOutSecret): void {
  if (!secret.value || seen.has(secret.value)) return;
  seen.add(secret.value);
  joinRun();
  appendFileSync(SECRETS_FILE, `${JSON.stringify(secret)}\n`);
}

export function recordPassword(name: string, value: string): void {
  record({ kind: 'password', name, value });
}

export function recordLicenseKey(name: string, value: string): void {
  record({ kind: 'license key', name, value });
}

interface CookieLike {
  name: string;
  value: string;
  httpOnly: boolean;
}

// Credentials are the httpOnly cookies; the readable isLoggedIn flag only ever holds "true".
function recordCookies(cookies: readonly CookieLike[]): void {
  for (const cookie of cookies) {
    if (cookie.httpOnly) record({ kind: 'cookie', name: cookie.name, value: cookie.value });
  }
}

/** `name=value; Path=/; HttpOnly` lines, as Playwright joins a response's Set-Cookie headers. */
function cookiesSetBy(header: string): CookieLike[] {
  return header.split('\n').map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    return {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly'),
    };
  });
}

/**
 * Watches a browser context's auth answers (only they set cookies), since a logout or a refresh
 * rotation replaces a value before the context ends. Call the returned function before closing
 * the context: it waits for those reads and takes the jar's final state too.
 */
export function recordCookiesOf(context: BrowserContext): () => Promise<void> {
  const reads: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/auth/')) return;
    reads.push(
      response
        .headerValue('set-cookie')
        .then((header) => {
          if (header) recordCookies(cookiesSetBy(header));
        })
        .catch(() => undefined),
    );
  };
  context.on('response', onResponse);
  return async () => {
    context.off('response', onResponse);
    await Promise.all(reads);
    recordCookies(await context.cookies());
  };
}

/** Records the cookies an api client (outside any browser) holds now. */
export async function recordCookiesOfClient(client: APIRequestContext): Promise<void> {
  recordCookies((await client.storageState()).cookies);
}

/** Everything recorded so far in the current run folder, without duplicates. */
export function readRecordedSecrets(): HandedOutSecret[] {
  if (!existsSync(SECRETS_FILE)) return [];
  const unique = new Map<string, HandedOutSecret>();
  for (const line of readFileSync(SECRETS_FILE, 'utf8').split('\n')) {
    if (!line) continue;
    const secret = JSON.parse(line) as HandedOutSecret;
    unique.set(secret.value, secret);
  }
  return [...unique.values()];
}
