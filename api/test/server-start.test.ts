import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

const API_ROOT = path.resolve(import.meta.dirname, '..');

/** Starts the api as `npm start -w api` does (tsx), with only `env` beyond PATH. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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

describe('starting the api with a bad setting', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number \(got "abc"\)$/],
    [
      { DATABASE_URL: 'not-a-url' },
      /^Configuration error: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
    [
      { NODE_ENV: 'production' },
      /^Configuration error: Missing required settings: JWT_SECRET .*ADMIN_EMAIL and ADMIN_PASSWORD, SMTP_URL$/,
    ],
    [{ REDIS_URL: 'redis//:secret-pw@cache' }, /^Configuration error: REDIS_URL must be a redis/],
  ];
  for (const [env, expected] of cases) {
    const title = Object.entries(env).map(([name, value]) => `${name}=${value}`);
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
