import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';
import { parse } from 'yaml';
import { runtimeConfigFromEnv, waitForHttp } from '../../scripts/lib/composition.mjs';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { E2E_ROOT } from '../support/paths.ts';
import { useStore } from '../support/store.ts';

// `scripts/serve-app.mjs`, the server each app's image runs, started as a composition of images
// sets it up: the browser's addresses in the runtime config, and the server's own addresses of
// the api and of the catalog (in a composition the browser's `localhost:3001` is not the catalog).
const store = useStore();
const ROOT = path.resolve(E2E_ROOT, '..');
const SERVE_APP = path.join(ROOT, 'scripts', 'serve-app.mjs');
const CARD = 'data-testid="category-card"';
const BOOT = 'data-testid="boot-screen"';

const started: ChildProcess[] = [];
after(() => started.forEach((child) => child.kill()));

/** Starts the shell's production server on a free port with `env`; resolves with its address. */
async function serveShell(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE_APP], {
    env: { PATH: process.env.PATH ?? '', APP: 'shell', HOST: '127.0.0.1', PORT: `${port}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/runtime-config.json`, 20_000, () => child.exitCode !== null);
  return base;
}

/** The home page's document, asked again while the server's inputs warm up (up to 20 s). */
async function homeDocument(base: string, drawn: boolean): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const html = await (await fetch(`${base}/`)).text();
    if (html.includes(CARD) === drawn || Date.now() > deadline) return html;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test("draws the home page from the catalog's and the api's server addresses and names the browser's", async () => {
  // Nothing answers the browser's address of the catalog from here, as in a composition.
  const browserCatalog = `http://localhost:${await freePort()}/mf-manifest.json`;
  const env = { REMOTE_CATALOG_URL: browserCatalog, API_UPSTREAM: store.apiUrl };
  const base = await serveShell({
    ...env,
    RENDER_REMOTE_URL: `${store.composition.urlOf('mf-catalog')}/mf-manifest.json`,
  });

  const html = await homeDocument(base, true);
  assert.ok(html.includes(CARD), 'the home page is not drawn');
  assert.ok(!html.includes(BOOT));
  // The remote's manifest, scripts and stylesheets the document links (the shell's own are relative).
  const links = [...html.matchAll(/<link rel="(?:preload|stylesheet)" href="(http[^"]+)"/g)].map(
    (match) => match[1]!,
  );
  assert.ok(links.some((href) => href.endsWith('.css')) && links.includes(browserCatalog));
  for (const href of links) assert.ok(href.startsWith(new URL('.', browserCatalog).href), href);
  const policy = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
  assert.match(policy, new RegExp(`script-src [^;]*${new URL(browserCatalog).origin}`));
  assert.deepEqual(
    await (await fetch(`${base}/runtime-config.json`)).json(),
    runtimeConfigFromEnv({ REMOTE_CATALOG_URL: browserCatalog }),
  );

  // Without the server's own address it can only try the browser's: the boot screen is sent.
  const unreachable = await serveShell(env);
  assert.ok((await homeDocument(unreachable, false)).includes(BOOT));
});

/**
 * The shell's environment as `docker-compose config` renders docker-compose.yml with
 * .env.example, with the composition's service names (`api`, `mf-catalog`) made this machine's.
 */
function composeShellEnv(): Record<string, string> {
  const example = Object.fromEntries(
    readFileSync(path.join(ROOT, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const config = spawnSync(
    'docker-compose',
    ['-f', path.join(ROOT, 'docker-compose.yml'), 'config'],
    {
      env: { PATH: process.env.PATH ?? '', ...example },
      encoding: 'utf8',
    },
  );
  assert.equal(config.status, 0, config.stderr || 'docker-compose is not installed');
  const { services } = parse(config.stdout) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const names: Record<string, string> = {
    'http://api:5000': store.apiUrl,
    'http://mf-catalog:3001': store.composition.urlOf('mf-catalog'),
  };
  return Object.fromEntries(
    Object.entries(services.shell?.environment ?? {}).map(([key, value]) => [
      key,
      Object.entries(names).reduce((text, [from, to]) => text.replace(from, to), value),
    ]),
  );
}

test("with the compose file's settings the shell's image draws the home page", async () => {
  const env = composeShellEnv();
  assert.equal(env.RENDER_REMOTE_URL, `${store.composition.urlOf('mf-catalog')}/mf-manifest.json`);
  const { PORT: _port, ...settings } = env;
  const base = await serveShell(settings);
  assert.ok((await homeDocument(base, true)).includes(CARD), 'the home page is not drawn');
});

test('forwards /api with the address it saw, never one the client wrote', async () => {
  let seen: IncomingHttpHeaders | null = null;
  const upstream = createServer((req, res) => {
    seen = req.headers;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  after(() => upstream.close());
  const base = await serveShell({
    API_UPSTREAM: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  });
  const answer = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
  assert.equal(answer.status, 200);
  assert.equal(seen!['x-forwarded-for'], '127.0.0.1');
});

test('refuses to start with a secret Stripe key where the publishable one belongs', () => {
  const run = spawnSync(process.execPath, [SERVE_APP], {
    env: { PATH: process.env.PATH ?? '', APP: 'shell', STRIPE_PUBLISHABLE_KEY: 'sk_test_51Secret' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /STRIPE_PUBLISHABLE_KEY holds a secret or restricted key/);
});
