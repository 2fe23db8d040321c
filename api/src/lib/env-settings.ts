import net from 'node:net';
import path from 'node:path';

/** A setting that cannot be used; the message names it, so a start-up failure is one clear line. */
export class ConfigError extends Error {}

export const ENVIRONMENTS = ['development', 'production', 'test'] as const;

/** `NODE_ENV`. */
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * Turns a setting's value into what the api uses, or throws a ConfigError naming the setting.
 * It sees set values only: an empty one counts as unset (compose passes `${NAME:-}`).
 */
export type Parse<T> = (raw: string, name: string) => T;

/** A default that differs between development, tests and production. */
export interface PerEnvironment<T> {
  readonly perEnvironment: Readonly<Record<Environment, T>>;
}

export function byEnvironment<const T>(values: Record<Environment, T>): PerEnvironment<T> {
  return { perEnvironment: values };
}

/** One environment variable: how it is read, its default, and its line in docs/settings.md. */
export interface SettingSpec<T, D> {
  /** One line of Markdown for docs/settings.md. */
  readonly about: string;
  readonly parse: Parse<T>;
  /** The value when unset (none: undefined). */
  readonly default?: D;
  /** The default column of docs/settings.md when `default` is derived or not worth printing. */
  readonly shownDefault?: string;
  /** The production column: `required`, or what production does unlike the default. */
  readonly production?: string;
}

/** Declares a setting; `default` is checked against what `parse` returns. */
export function setting<
  T,
  const D extends T | PerEnvironment<T | undefined> | undefined = undefined,
>(spec: SettingSpec<T, D>): SettingSpec<T, D> {
  return spec;
}

type Fallback<D> = D extends PerEnvironment<infer P> ? P : D;

/** The type of a setting's value: what it parses to, or its default (maybe none). */
export type ValueOf<S> = S extends SettingSpec<infer T, infer D> ? T | Fallback<D> : never;

function isPerEnvironment(value: unknown): value is PerEnvironment<unknown> {
  return typeof value === 'object' && value !== null && 'perEnvironment' in value;
}

/** The default of `spec` in `environment`. */
export function defaultOf<T, D>(spec: SettingSpec<T, D>, environment: Environment): Fallback<D> {
  const fallback = spec.default;
  return (
    isPerEnvironment(fallback) ? fallback.perEnvironment[environment] : fallback
  ) as Fallback<D>;
}

/** `raw` parsed, or the default when it is unset or empty. */
export function readSetting<T, D>(
  name: string,
  spec: SettingSpec<T, D>,
  raw: string | undefined,
  environment: Environment,
): T | Fallback<D> {
  return raw === undefined || raw === '' ? defaultOf(spec, environment) : spec.parse(raw, name);
}

interface Range {
  min?: number;
  max?: number;
}

// Values that are safe to repeat in an error (never a URL or a secret, which may hold passwords).
const shown = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}...` : raw);

export const text: Parse<string> = (raw) => raw;

/** Stricter than Number(): no "1e3", "0x10" or "1.0" passes as a count. */
export function int({ min = 0, max = Number.MAX_SAFE_INTEGER }: Range = {}): Parse<number> {
  return (raw, name) => {
    const trimmed = raw.trim();
    if (!/^\d+$/.test(trimmed)) {
      throw new ConfigError(`${name} must be a whole number (got ${shown(trimmed)})`);
    }
    const value = Number(trimmed);
    if (value < min) throw new ConfigError(`${name} must be at least ${min}`);
    if (value > max) throw new ConfigError(`${name} must be at most ${max}`);
    return value;
  };
}

export const flag: Parse<boolean> = (raw, name) => {
  if (raw !== 'true' && raw !== 'false') {
    throw new ConfigError(`${name} must be true or false (got ${shown(raw)})`);
  }
  return raw === 'true';
};

export function oneOf<const Value extends string>(values: readonly Value[]): Parse<Value> {
  return (raw, name) => {
    if (!(values as readonly string[]).includes(raw)) {
      throw new ConfigError(`${name} must be one of ${values.join(', ')} (got ${shown(raw)})`);
    }
    return raw as Value;
  };
}

/** Text of at least `length` characters (a secret: never repeated). */
export function minLength(length: number): Parse<string> {
  return (raw, name) => {
    if (raw.length < length) throw new ConfigError(`${name} must be at least ${length} characters`);
    return raw;
  };
}

/** Trimmed text matching `pattern`, which `description` says in words. */
export function matching(pattern: RegExp, description: string): Parse<string> {
  return (raw, name) => {
    const trimmed = raw.trim();
    if (!pattern.test(trimmed)) throw new ConfigError(`${name} must be ${description}`);
    return trimmed;
  };
}

export const HTTP = ['http', 'https'] as const;

/** An absolute URL of one of `protocols` (without the colon); the value is never repeated. */
export function url(protocols: readonly string[]): Parse<string> {
  return (raw, name) => checkedUrl(name, raw.trim(), protocols);
}

/** An http(s) URL without its trailing slashes. */
export const baseUrl: Parse<string> = (raw, name) =>
  checkedUrl(name, raw.trim(), HTTP).replace(/\/+$/, '');

/** Comma-separated http(s) URLs, each without its trailing slashes. */
export const urlList: Parse<readonly string[]> = (raw, name) =>
  raw
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .map((item) => checkedUrl(name, item, HTTP));

/** A path from the root (`/api/files`) or an http(s) URL, without trailing slashes. */
export const pathOrUrl: Parse<string> = (raw, name) => {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('/')) checkedUrl(name, trimmed, HTTP);
  return trimmed.replace(/\/+$/, '');
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const email: Parse<string> = (raw, name) => {
  const address = raw.trim().toLowerCase();
  if (!EMAIL.test(address)) throw new ConfigError(`${name} must be an e-mail address`);
  return address;
};

/** A folder, made absolute (relative to the working directory). */
export const directory: Parse<string> = (raw) => path.resolve(raw);

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
export const trustProxy: Parse<boolean | string> = (raw, name) => {
  const value = raw.trim();
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
};
