import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crawlerFiles } from './crawler-files.mjs';
import { firstScreenDocuments } from './first-screen.mjs';
import { startStaticServer } from './static-server.mjs';
import { stripePublishableKeyFromEnv } from './stripe-publishable-key.mjs';

/** @typedef {import('../../tooling/apps.cjs').AppName} AppName */
/** @typedef {import('./security-headers.mjs').RuntimeConfig} RuntimeConfig */

const require = createRequire(import.meta.url);
const { apps, API_PORT, isAppName } = require('../../tooling/apps.cjs');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const APP_NAMES = /** @type {AppName[]} */ (Object.keys(apps));
export { apps, API_PORT, isAppName };

/** @param {string} appName */
export function distOf(appName) {
  return path.join(ROOT, appName, 'dist');
}

/**
 * The development port of `appName` (tooling/apps.cjs); throws for a name that is not an app's.
 * @param {string} appName
 */
function portOf(appName) {
  if (!isAppName(appName)) throw new Error(`Unknown app ${appName}`);
  return apps[appName].port;
}

/**
 * The newest modification time (ms) of the files under `dir`, 0 for none.
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}

/** @param {string} appName */
function markerOf(appName) {
  return path.join(distOf(appName), appName === 'shell' ? 'index.html' : 'mf-manifest.json');
}

/**
 * Built and not older than its sources, the shared package's or the build tooling's.
 * @param {string} appName
 */
function isBuilt(appName) {
  const marker = markerOf(appName);
  if (!existsSync(marker)) return false;
  const sources = ['src', 'public', 'package.json'].map((part) => path.join(ROOT, appName, part));
  sources.push(path.join(ROOT, 'shared/src'), path.join(ROOT, 'tooling'));
  const newestSource = Math.max(
    ...sources.map((source) =>
      existsSync(source) && statSync(source).isFile()
        ? statSync(source).mtimeMs
        : newestMtime(source),
    ),
  );
  return newestSource <= statSync(marker).mtimeMs;
}

/**
 * Builds the apps whose dist is missing or stale (all with `force`), one at a time: 2 cores.
 * @param {{ force?: boolean, only?: readonly string[], log?: (line: string) => void }} [options]
 */
export function buildApps({ force = false, only = APP_NAMES, log = console.log } = {}) {
  for (const appName of only) {
    if (!force && isBuilt(appName)) continue;
    log(`building ${appName}...`);
    const startedAt = new Date();
    const result = spawnSync('npm', ['run', 'build', '-w', appName], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`Build of ${appName} failed`);
    // webpack leaves identical output untouched, so the marker's own date may predate a touched
    // source; stamping it with the build's start keeps the app from looking stale forever.
    utimesSync(markerOf(appName), startedAt, startedAt);
  }
}

/**
 * The shell's deploy-time document: where each remote lives, in Stripe mode Stripe's
 * publishable key, and whether payments are simulated (the api's PAYMENT_PROVIDER=local, given
 * to the shell too), from the environment. Throws on a key the shell must not publish.
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [host] the remotes' host in the default addresses
 * @returns {RuntimeConfig}
 */
export function runtimeConfigFromEnv(env = process.env, host = 'localhost') {
  /**
   * @param {AppName} name
   * @param {string} key
   */
  const remote = (name, key) =>
    env[`REMOTE_${key.toUpperCase()}_URL`] ?? `http://${host}:${apps[name].port}/mf-manifest.json`;
  const stripePublishableKey = stripePublishableKeyFromEnv(env);
  return {
    apiBaseUrl: env.API_BASE_URL ?? '/api',
    remotes: {
      catalog: remote('mf-catalog', 'catalog'),
      account: remote('mf-account', 'account'),
      checkout: remote('mf-checkout', 'checkout'),
      admin: remote('mf-admin', 'admin'),
    },
    ...(stripePublishableKey && { stripePublishableKey }),
    ...(env.PAYMENT_PROVIDER === 'local' && { paymentsSimulated: true }),
  };
}

/**
 * The store's public origin from `APP_URL`, the address shoppers open (the api's base of the
 * links in its mails): the base of canonical URLs, Open Graph URLs and the sitemaps. Throws on a
 * value that is not an http(s) URL.
 * @param {string} url
 */
export function publicOriginOf(url) {
  /** @type {URL | null} */
  let parsed = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:')
    throw new Error('APP_URL must be a http:// or https:// URL');
  return parsed.origin;
}

/** @param {RuntimeConfig} config */
export async function writeRuntimeConfig(config) {
  await writeFile(
    path.join(distOf('shell'), 'runtime-config.json'),
    JSON.stringify(config, null, 2),
  );
}

/**
 * Polls `url` until it answers 2xx; `gaveUp()` ends the wait early (a process that died).
 * @param {string} url
 * @param {number} [timeoutMs]
 * @param {() => boolean} [gaveUp]
 * @returns {Promise<void>}
 */
export async function waitForHttp(url, timeoutMs = 60_000, gaveUp = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * How long an api process may take to answer its health address: only a guard against a hang,
 * since one that fails exits and ends the wait at once. On a CI host starved by the other stages,
 * a first start on a fresh embedded database (migrations, the demo data) took over a minute.
 */
export const API_START_TIMEOUT_MS = 300_000;

/**
 * Runs the api as its own process (as in production) and resolves once it is healthy.
 * `onSpawn` gets the child at once, so piped output can be read (and kept) even if it fails.
 * @param {{ port?: number, env?: Record<string, string>, stdio?: 'inherit' | 'pipe' | 'ignore',
 *   onSpawn?: (child: import('node:child_process').ChildProcess) => void }} [options]
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startApi({ port = API_PORT, env = {}, stdio = 'inherit', onSpawn } = {}) {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), ...env },
    stdio: ['ignore', stdio, stdio],
  });
  onSpawn?.(child);
  /** @type {Promise<never>} */
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`api exited with code ${code}`))),
  );
  const died = () => child.exitCode !== null || child.signalCode !== null;
  await Promise.race([
    waitForHttp(`http://127.0.0.1:${port}/api/health`, API_START_TIMEOUT_MS, died),
    exited,
  ]);
  return child;
}

/**
 * Stops `child` (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited.
 * @param {import('node:child_process').ChildProcess | null | undefined} child
 * @returns {Promise<void>}
 */
export function stopProcess(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * @param {string} appName
 * @param {{ apiPort?: number, apiTarget?: string, port?: number, host?: string,
 *   runtimeConfig?: RuntimeConfig, renderManifestUrl?: string, root?: string,
 *   publicUrl?: string }} [options]
 *   `apiTarget`: where the shell reaches the api (default 127.0.0.1:`apiPort`);
 *   `renderManifestUrl`: where the shell's server fetches the first screen's remote from, when
 *   the browser-facing address in the runtime config is not reachable from the server (an image);
 *   `root`: another build of the app than its dist folder (the bench's A/B serves saved ones);
 *   `publicUrl`: the store's address as shoppers open it, of canonical URLs and the sitemaps
 *   (default `http://localhost:<port>`).
 */
export async function startAppServer(
  appName,
  {
    apiPort = API_PORT,
    apiTarget = `http://127.0.0.1:${apiPort}`,
    port = portOf(appName),
    host,
    runtimeConfig,
    renderManifestUrl,
    root = distOf(appName),
    publicUrl = `http://localhost:${port}`,
  } = {},
) {
  if (appName !== 'shell') return startStaticServer({ root, port, host });
  const publicOrigin = publicOriginOf(publicUrl);
  return startStaticServer({
    root,
    port,
    host,
    spa: true,
    apiTarget,
    runtimeConfig,
    renderDocument: firstScreenDocuments({
      shellRoot: root,
      apiTarget,
      runtimeConfig,
      renderManifestUrl,
      publicOrigin,
    }),
    makeFile: crawlerFiles({ apiTarget, publicOrigin }),
  });
}

/**
 * Closes `server`, its open connections too, and resolves once it is closed.
 * @param {import('node:http').Server | null | undefined} server
 * @returns {Promise<void>}
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    if (!server?.listening) return resolve();
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}
