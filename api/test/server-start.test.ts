import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { PRODUCTION_ENV } from './helpers/production-env.ts';
import { freePort } from './scale-out/cluster.ts';

const API_ROOT = path.resolve(import.meta.dirname, '..');

/** Starts the api as `npm start -w api` does, with only `env` beyond PATH. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['src/server.ts'], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A start that gets past the configuration would listen: never wait on that.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the api and resolves once it listens; `stop` ends it with SIGTERM. */
function serve(env: Record<string, string>) {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    // A hang guard: a starved CI host took over a minute for a first start on a fresh folder.
    const timer = setTimeout(() => reject(new Error(`no start in 5 min:\n${output}`)), 300_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { listening, stop };
}

describe('starting the api with a bad setting', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number \(got "abc"\)$/],
    [
      { DATABASE_URL: 'not-a-url' },
      /^Configuration error: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
    [
      { NODE_ENV: 'production' },
      /^Configuration error: Missing required settings: JWT_SECRET .*ADMIN_EMAIL and ADMIN_PASSWORD, SMTP_URL, LICENSE_KEY_SECRET, LICENSE_SIGNING_KEY$/,
    ],
    [{ REDIS_URL: 'redis//:secret-pw@cache' }, /^Configuration error: REDIS_URL must be a redis/],
    [
      { ...PRODUCTION_ENV, JWT_SECRET: 'change-me-to-at-least-32-random-characters' },
      /^Configuration error: JWT_SECRET is the placeholder from \.env\.example: set your own value$/,
    ],
    [
      { ...PRODUCTION_ENV, PAYMENT_PROVIDER: '' },
      /^Configuration error: Production needs a payment provider: STRIPE_SECRET_KEY/,
    ],
  ];
  for (const [env, expected] of cases) {
    // A production case names only what it changes in the complete production settings.
    const base: Record<string, string> = env['JWT_SECRET'] ? PRODUCTION_ENV : {};
    const title = Object.entries(env)
      .filter(([name, value]) => base[name] !== value)
      .map(([name, value]) => `${name}=${value}`);
    if (env['JWT_SECRET']) title.unshift('production,');
    it(`exits 1 with one line on stderr naming it: ${title.join(' ')}`, async () => {
      const result = await start(env);
      assert.equal(result.code, 1, result.stderr);
      const lines = result.stderr.split('\n').filter(Boolean);
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0]!, expected);
      assert.ok(!result.stderr.includes('secret-pw'), 'the value of a URL setting was printed');
      assert.equal(result.stdout, '');
    });
  }
});

describe('production on the data folder npm start used', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-start-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start on its demo accounts; a fresh folder starts and keeps strangers out', async () => {
    const development = serve({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SEED_DEMO_CATALOG: 'false',
    });
    await development.listening;
    await development.stop();

    const refused = await start({ ...PRODUCTION_ENV, DATA_DIR: dataDir });
    assert.equal(refused.code, 1, refused.stderr);
    assert.equal(
      refused.stderr.trim(),
      'Configuration error: The database holds the demo account admin@example.com, ' +
        'shopper@example.com from development: production starts only on a database without demo data',
    );

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-start-'));
    const port = await freePort();
    const production = serve({ ...PRODUCTION_ENV, DATA_DIR: fresh, PORT: String(port) });
    try {
      await production.listening;
      const base = `http://127.0.0.1:${port}`;
      assert.equal((await fetch(`${base}/api/dev/outbox`)).status, 404);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({
          email: PRODUCTION_ENV.ADMIN_EMAIL,
          password: PRODUCTION_ENV.ADMIN_PASSWORD,
        }),
      });
      assert.equal(login.status, 200);
      const cookies = login.headers.getSetCookie();
      assert.equal(cookies.length, 3);
      for (const cookie of cookies) assert.match(cookie, /; Secure/);
      // Through a proxy a visitor is a stranger: the status, nothing of what each part said.
      const ready = await fetch(`${base}/api/ready`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      assert.deepEqual(Object.keys((await ready.json()) as object), ['status']);
      const health = await fetch(`${base}/api/health`);
      assert.deepEqual(await health.json(), { status: 'ok', payments: 'simulated' });
    } finally {
      await production.stop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
