/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const composeFile = path.join(ROOT, 'docker-compose.yml');

interface Service {
  image?: string;
  restart?: string;
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: unknown };
}

type Services = Record<string, Service>;

function exampleEnv(): Record<string, string> {
  const lines = readFileSync(path.join(ROOT, '.env.example'), 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
// CI installs docker-compose; elsewhere the check says plainly that it did not run.
const withCompose = hasCompose || process.env.CI ? it : it.skip;

describe('docker-compose.yml', () => {
  const composeConfig = (env: Record<string, string>, ...args: string[]) =>
    spawnSync('docker-compose', ['-f', composeFile, ...args, 'config'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });

  withCompose('validates with docker-compose config, using .env.example', () => {
    const result = composeConfig(exampleEnv());
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { services } = parse(result.stdout) as { services: Services };
    // The api reaches S3 as its own bucket-scoped user, created by minio-setup before it starts.
    expect(services['api']?.environment?.['S3_ACCESS_KEY_ID']).toBe('store-app');
    expect(services['minio']?.environment?.['MINIO_ROOT_USER']).toBe('store-minio-root');
    expect(services['api']?.depends_on?.['minio-setup']).toEqual({
      condition: 'service_completed_successfully',
    });
    // Mailpit, which shows every reset link, runs only in the dev profile.
    expect(services['mailpit']?.profiles).toEqual(['dev']);
    expect(services['api']?.depends_on).not.toHaveProperty('mailpit');
  });

  withCompose('runs Mailpit in the dev profile only, published on 127.0.0.1', () => {
    const result = composeConfig(exampleEnv(), '--profile', 'dev');
    expect(result.status).toBe(0);
    const { services } = parse(result.stdout) as { services: Services };
    const ports = services['mailpit']?.ports ?? [];
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) {
      expect(JSON.stringify(port)).toMatch(/127\.0\.0\.1/);
    }
  });

  withCompose('refuses to run without a mail relay', () => {
    const { SMTP_URL: _relay, ...env } = exampleEnv();
    const result = composeConfig(env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/SMTP_URL/);
  });

  it('gives every service a health check and a pinned image tag', () => {
    const { services } = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
      services: Services;
    };
    expect(Object.keys(services).sort()).toEqual(
      [
        'api',
        'mailpit',
        'mf-account',
        'mf-admin',
        'mf-catalog',
        'mf-checkout',
        'minio',
        'minio-setup',
        'postgres',
        'redis',
        'shell',
      ].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      // A one-shot step has no health: what waits on it waits for its successful end.
      const oneShot = service.restart === 'no';
      expect({ name, healthcheck: Boolean(service.healthcheck?.test) }).toEqual({
        name,
        healthcheck: !oneShot,
      });
      expect({ name, image: service.image }).toEqual({
        name,
        image: expect.stringMatching(/:[\w.${}:-]*\d[\w.${}:-]*$/),
      });
      expect(service.image).not.toMatch(/:latest$/);
    }
  });

  it('pins the base images of the Dockerfiles', () => {
    for (const file of ['app.Dockerfile', 'api.Dockerfile']) {
      const from = readFileSync(path.join(ROOT, 'tooling/docker', file), 'utf8').match(
        /^FROM \S+/gm,
      );
      for (const line of from ?? []) expect(line).toMatch(/:\d+\.\d+\.\d+/);
    }
  });
});

describe('minio-setup.sh', () => {
  const script = path.join(ROOT, 'tooling/docker/minio-setup.sh');
  const env = {
    MINIO_URL: 'http://minio:9000',
    MINIO_ROOT_USER: 'root-user',
    MINIO_ROOT_PASSWORD: 'root-password-of-the-store',
    S3_BUCKET: 'store',
    S3_ACCESS_KEY_ID: 'store-app',
    S3_SECRET_ACCESS_KEY: 'app-secret-of-the-store',
  };

  /** Runs the script with an `mc` that records each call (and the policy file it is handed). */
  function runSetup(overrides: Record<string, string> = {}) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'minio-setup-'));
    try {
      const log = path.join(dir, 'calls');
      writeFileSync(
        path.join(dir, 'mc'),
        [
          '#!/bin/sh',
          `echo "$*" >> ${log}`,
          `if [ "$1 $2 $3" = "admin policy create" ]; then cat "$6" >> ${log}; fi`,
        ].join('\n'),
      );
      chmodSync(path.join(dir, 'mc'), 0o755);
      const result = spawnSync('sh', [script], {
        env: { PATH: `${dir}:/usr/bin:/bin`, ...env, ...overrides },
        encoding: 'utf8',
      });
      const calls = result.status === 0 ? readFileSync(log, 'utf8') : '';
      return { ...result, calls };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("creates the bucket and the api's user, allowed that bucket only", () => {
    const { status, calls } = runSetup();
    expect(status).toBe(0);
    const lines = calls.split('\n');
    expect(lines[0]).toBe('alias set store http://minio:9000 root-user root-password-of-the-store');
    expect(lines).toContain('mb --ignore-existing store/store');
    expect(lines).toContain('admin user add store store-app app-secret-of-the-store');
    expect(lines).toContain('admin policy attach store store-app --user store-app');
    const policy = JSON.parse(calls.slice(calls.indexOf('{'), calls.lastIndexOf('}') + 1)) as {
      Statement: { Resource: string[] }[];
    };
    const resources = policy.Statement.flatMap((statement) => statement.Resource);
    expect(resources.sort()).toEqual(['arn:aws:s3:::store', 'arn:aws:s3:::store/*']);
  });

  it('refuses the root user as the api user, and the placeholder root password', () => {
    const same = runSetup({ S3_ACCESS_KEY_ID: 'root-user' });
    expect(same.status).toBe(1);
    expect(same.stderr).toMatch(/S3_ACCESS_KEY_ID must differ from MINIO_ROOT_USER/);
    const placeholder = runSetup({ MINIO_ROOT_PASSWORD: 'change-me-minio-root' });
    expect(placeholder.status).toBe(1);
    expect(placeholder.stderr).toMatch(/MINIO_ROOT_PASSWORD is the placeholder/);
  });
});
