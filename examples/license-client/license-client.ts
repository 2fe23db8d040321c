#!/usr/bin/env node
// An app's side of the store's license API: activate a key once online, then check the cached
// token offline at every start, check in now and then, and free the device on uninstall.
//
//   license-client.ts activate   --api https://store.example --key XXXXXXXX-... [--name "My laptop"]
//   license-client.ts verify     (offline: the cached token against the cached public keys)
//   license-client.ts validate   (online: checks in, says whether the key is still good)
//   license-client.ts deactivate (online: frees this device's activation)
//
// Every command takes --cache FILE (default ~/.cache/license-client/license.json) and prints
// one JSON object; a refusal exits 1 with the store's message on stderr.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { defaultCacheFile, readCache, writeCache } from './license-cache.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    api: { type: 'string' },
    key: { type: 'string' },
    name: { type: 'string', default: os.hostname() },
    fingerprint: { type: 'string' },
    cache: { type: 'string', default: defaultCacheFile() },
  },
});

/** Stable for this machine, and tells the store nothing about it: a hash. */
function machineFingerprint(): string {
  let id = `${os.hostname()}|${os.platform()}|${os.arch()}`;
  try {
    id = readFileSync('/etc/machine-id', 'utf8').trim() || id;
  } catch {
    // Not Linux (or no systemd): the host's name stands in.
  }
  return createHash('sha256').update(`license-client|${id}`).digest('hex');
}

async function call<T>(api: string, path: string, body?: object): Promise<T> {
  const response = await fetch(new URL(path, api), {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The store answered ${response.status}`);
  return answer;
}

async function activate() {
  const { api, key, name } = values;
  if (!api || !key) throw new Error('activate needs --api and --key');
  const fingerprint = values.fingerprint ?? machineFingerprint();
  const answer = await call<{ instanceId: string; token: string; license: object }>(
    api,
    '/api/licenses/activate',
    { key, instanceName: name, fingerprint },
  );
  const jwks = await call<JSONWebKeySet>(api, '/api/licenses/jwks.json');
  writeCache(values.cache, { api, key, instanceId: answer.instanceId, token: answer.token, jwks });
  return { activated: true, instanceId: answer.instanceId, license: answer.license };
}

/** No network: the token's signature, issuer and expiry, against the keys cached with it. */
async function verify() {
  const cached = readCache(values.cache);
  try {
    const { payload, protectedHeader } = await jwtVerify(
      cached.token,
      createLocalJWKSet(cached.jwks),
      { algorithms: ['EdDSA'], issuer: new URL(cached.api).origin },
    );
    return {
      valid: true,
      kid: protectedHeader.kid,
      licenseId: payload.sub,
      productId: payload.product_id,
      instanceId: payload.instance_id,
      expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
    };
  } catch (error) {
    // An expired token asks for a check-in; anything else was not signed by the store.
    if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
    return { valid: false, reason: 'invalid signature or claims' };
  }
}

async function validate() {
  const { api, key, instanceId } = readCache(values.cache);
  return call(api, '/api/licenses/validate', { key, instanceId });
}

async function deactivate() {
  const { api, key, instanceId } = readCache(values.cache);
  return call(api, '/api/licenses/deactivate', { key, instanceId });
}

const commands = { activate, verify, validate, deactivate };
const command = positionals[0] as keyof typeof commands | undefined;
if (!command || !(command in commands)) {
  console.error(`Usage: license-client.ts ${Object.keys(commands).join(' | ')} [options]`);
  process.exit(2);
}
try {
  const result = (await commands[command]()) as { valid?: boolean };
  console.log(JSON.stringify(result));
  if (result.valid === false) process.exitCode = 1;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
