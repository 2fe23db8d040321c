import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JSONWebKeySet } from 'jose';

/** What the app keeps after activating: enough to start offline and to check in later. */
export interface CachedLicense {
  api: string;
  key: string;
  instanceId: string;
  token: string;
  /** The store's public keys, fetched at activation: offline checks need nothing else. */
  jwks: JSONWebKeySet;
}

export function defaultCacheFile(): string {
  const root = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  return path.join(root, 'license-client', 'license.json');
}

export function readCache(file: string): CachedLicense {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CachedLicense;
  } catch {
    throw new Error(`No activation cached in ${file}: run activate first`);
  }
}

export function writeCache(file: string, license: CachedLicense): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(license, null, 2));
  // It holds the key: readable by this user only.
  chmodSync(file, 0o600);
}
