import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';

const env = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
  ADMIN_EMAIL: 'boss@store.example',
  ADMIN_PASSWORD: 'Boss#2026!',
};

describeEachDatabase(
  'production mode',
  (suite) => {
    it('has no dev outbox route', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      assert.equal(response.statusCode, 404);
    });

    it('creates the first admin from ADMIN_EMAIL and no demo accounts', async () => {
      const admin = await new TestClient(suite.app).post('/api/auth/login', {
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
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
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
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
  { env },
);
