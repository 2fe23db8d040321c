/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const composeFile = path.join(ROOT, 'docker-compose.yml');

interface Service {
  image?: string;
  healthcheck?: { test?: unknown };
}

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
  withCompose('validates with docker-compose config, using .env.example', () => {
    const result = spawnSync('docker-compose', ['-f', composeFile, 'config', '-q'], {
      env: { ...process.env, ...exampleEnv() },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('gives every service a health check and a pinned image tag', () => {
    const { services } = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
      services: Record<string, Service>;
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
        'postgres',
        'redis',
        'shell',
      ].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      expect({ name, healthcheck: Boolean(service.healthcheck?.test) }).toEqual({
        name,
        healthcheck: true,
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
