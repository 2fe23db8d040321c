import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

const SECRET = 'a-production-secret-that-is-long-enough-123';

describe('loadConfig', () => {
  it('uses development defaults', () => {
    const config = loadConfig({});
    assert.equal(config.env, 'development');
    assert.equal(config.port, 5000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.database.kind, 'pglite');
    assert.equal(config.seedDemoAccounts, true);
    assert.equal(config.secureCookies, false);
    assert.equal(config.appUrl, 'http://localhost:3000');
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:5000',
      'http://127.0.0.1:5000',
    ]) {
      assert.ok(config.appOrigins.includes(origin), origin);
    }
  });

  it('refuses to start in production without the secrets it needs', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), ConfigError);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }),
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          ADMIN_EMAIL: 'a@b.co',
          ADMIN_PASSWORD: 'x'.repeat(8),
        }),
      /JWT_SECRET/,
    );
    assert.throws(() => loadConfig({ JWT_SECRET: 'short' }), /at least 32/);
  });

  it('turns on secure cookies and turns off demo data in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: SECRET,
      ADMIN_EMAIL: ' Boss@Example.com ',
      ADMIN_PASSWORD: 'Boss#2026!',
      DATABASE_URL: 'postgres://db/store',
      APP_ORIGINS: 'https://store.example/,https://admin.example',
    });
    assert.equal(config.secureCookies, true);
    assert.equal(config.seedDemoAccounts, false);
    assert.deepEqual(config.admin, { email: 'boss@example.com', password: 'Boss#2026!' });
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://db/store' });
    assert.ok(config.appOrigins.includes('https://store.example'));
  });

  it('rejects malformed numbers', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
  });
});
