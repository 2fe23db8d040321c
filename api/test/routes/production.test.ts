import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { describeEachDatabase, TEST_ENV } from '../helpers/app.ts';
import { databaseKinds, openTestDatabase } from '../helpers/databases.ts';
import { TestClient } from '../helpers/client.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';

describeEachDatabase(
  'production mode',
  (suite) => {
    it('reports on /api/health that payments are simulated when PAYMENT_PROVIDER=local', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/api/health' });
      assert.deepEqual(response.json(), { status: 'ok', payments: 'simulated' });
    });

    it('tells a stranger on /api/ready the status alone', async () => {
      const response = await suite.app.inject({
        method: 'GET',
        url: '/api/ready',
        remoteAddress: '203.0.113.9',
      });
      assert.deepEqual(Object.keys(response.json()), ['status']);
    });

    it('has no dev outbox route', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      assert.equal(response.statusCode, 404);
    });

    it('creates the first admin from ADMIN_EMAIL and no demo accounts', async () => {
      const admin = await new TestClient(suite.app).post('/api/auth/login', {
        email: PRODUCTION_ENV.ADMIN_EMAIL,
        password: PRODUCTION_ENV.ADMIN_PASSWORD,
      });
      assert.equal(admin.statusCode, 200);
      assert.equal(admin.json().role, 'admin');
      const demo = await new TestClient(suite.app).post('/api/auth/login', {
        email: 'admin@example.com',
        password: 'Admin#2026',
      });
      assert.equal(demo.statusCode, 401);
    });

    it('marks every auth cookie Secure', async () => {
      const login = await new TestClient(suite.app).post('/api/auth/login', {
        email: PRODUCTION_ENV.ADMIN_EMAIL,
        password: PRODUCTION_ENV.ADMIN_PASSWORD,
      });
      assert.equal(login.cookies.length, 3);
      for (const cookie of login.cookies) {
        assert.equal(cookie.secure, true, cookie.name);
        assert.equal(cookie.sameSite, 'Lax', cookie.name);
        // The indicator is the client's to read; the tokens never are.
        assert.equal(cookie.httpOnly, cookie.name === 'isLoggedIn' ? undefined : true, cookie.name);
      }
      // Logout clears them with the same attributes (a browser matches on them).
      const client = new TestClient(suite.app);
      client.store(login);
      const logout = await client.post('/api/auth/logout');
      assert.equal(logout.cookies.length, 3);
      for (const cookie of logout.cookies) {
        assert.equal(cookie.secure, true, cookie.name);
        assert.equal(cookie.sameSite, 'Lax', cookie.name);
      }
    });

    it('hides internals of unexpected failures', async () => {
      suite.app.db.select = () => {
        throw new Error('secret internals at db.ts:42');
      };
      const client = new TestClient(suite.app);
      const response = await client.post('/api/auth/login', {
        email: 'x@y.co',
        password: 'abcdef',
      });
      assert.equal(response.statusCode, 500);
      assert.equal(response.json().message, 'Internal server error');
      assert.doesNotMatch(response.body, /secret internals/);
      assert.equal(response.json().requestId, response.headers['x-request-id']);
    });
  },
  { env: PRODUCTION_ENV },
);

for (const kind of databaseKinds()) {
  describe(`production on a database development seeded [${kind}]`, () => {
    it('refuses to start, naming the demo accounts it holds', async () => {
      const database = await openTestDatabase(kind);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-test-'));
      try {
        // Outside production the demo accounts are created at start.
        const development = await buildApp(loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), {
          database,
        });
        await development.close();
        const production = loadConfig({ ...TEST_ENV, ...PRODUCTION_ENV, DATA_DIR: dataDir });
        await assert.rejects(
          buildApp(production, { database }),
          (error) =>
            error instanceof ConfigError &&
            error.message ===
              'The database holds the demo account admin@example.com, shopper@example.com ' +
                'from development: production starts only on a database without demo data',
        );
      } finally {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
