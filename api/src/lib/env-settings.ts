import net from 'node:net';

/** A setting that cannot be used; the message names it, so a start-up failure is one clear line. */
export class ConfigError extends Error {}

interface Range {
  min?: number;
  max?: number;
}

// Values that are safe to repeat in an error (never a URL or a secret, which may hold passwords).
const shown = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}...` : raw);

/**
 * Typed readers of environment settings, each checking its value and naming the setting when it
 * is wrong. An empty value counts as unset (compose passes `${NAME:-}` for optional settings).
 * `Name` is the union of the settings the caller declares, so reading an undeclared one does
 * not compile.
 */
export function settingsReader<Name extends string>(env: Partial<Record<Name, string>>) {
  function text(name: Name): string | undefined {
    const raw = env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  }

  function int(
    name: Name,
    fallback: number,
    { min = 0, max = Number.MAX_SAFE_INTEGER }: Range = {},
  ) {
    const raw = text(name)?.trim();
    if (raw === undefined) return fallback;
    // Stricter than Number(): no "1e3", "0x10" or "1.0" passes as a count.
    if (!/^\d+$/.test(raw)) {
      throw new ConfigError(`${name} must be a whole number (got ${shown(raw)})`);
    }
    const value = Number(raw);
    if (value < min) throw new ConfigError(`${name} must be at least ${min}`);
    if (value > max) throw new ConfigError(`${name} must be at most ${max}`);
    return value;
  }

  function flag(name: Name, fallback: boolean): boolean {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (raw !== 'true' && raw !== 'false') {
      throw new ConfigError(`${name} must be true or false (got ${shown(raw)})`);
    }
    return raw === 'true';
  }

  function oneOf<const Value extends string>(
    name: Name,
    values: readonly Value[],
  ): Value | undefined {
    const raw = text(name);
    if (raw === undefined) return undefined;
    if (!(values as readonly string[]).includes(raw)) {
      throw new ConfigError(`${name} must be one of ${values.join(', ')} (got ${shown(raw)})`);
    }
    return raw as Value;
  }

  /** An absolute URL of one of `protocols` (without the colon); the value is never repeated. */
  function url(name: Name, protocols: readonly string[]): string | undefined {
    const raw = text(name)?.trim();
    if (raw === undefined) return undefined;
    return checkedUrl(name, raw, protocols);
  }

  /** Comma-separated http(s) URLs, each without its trailing slashes. */
  function urlList(name: Name): string[] {
    return (text(name) ?? '')
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean)
      .map((item) => checkedUrl(name, item, HTTP));
  }

  function email(name: Name): string | undefined {
    const raw = text(name)?.trim().toLowerCase();
    if (raw === undefined) return undefined;
    if (!EMAIL.test(raw)) throw new ConfigError(`${name} must be an e-mail address`);
    return raw;
  }

  return { text, int, flag, oneOf, url, urlList, email };
}

export const HTTP = ['http', 'https'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkedUrl(name: string, raw: string, protocols: readonly string[]): string {
  const expected = `${name} must be a ${protocols.map((p) => `${p}://`).join(' or ')} URL`;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(expected);
  }
  const protocol = parsed.protocol.slice(0, -1);
  // PostgreSQL alone has a host-less form: a Unix socket given in the query string.
  if (!protocols.includes(protocol) || (!parsed.host && !protocol.startsWith('postgres'))) {
    throw new ConfigError(expected);
  }
  return raw;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's `trustProxy`: `true`, or addresses / subnets / proxy-addr's names.
 * Checked here because a typo otherwise surfaces as a stack trace from deep inside Fastify.
 */
export function trustProxySetting(name: string, raw: string | undefined): boolean | string {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  for (const entry of value.split(',').map((item) => item.trim())) {
    const [address = '', prefix] = entry.split('/');
    const validPrefix = prefix === undefined || /^\d{1,3}$/.test(prefix) || net.isIP(prefix) === 4;
    if (!(PROXY_NAMES.has(entry) || (net.isIP(address) && validPrefix))) {
      throw new ConfigError(`${name} must be true, false or proxy addresses (got ${shown(entry)})`);
    }
  }
  return value;
}
