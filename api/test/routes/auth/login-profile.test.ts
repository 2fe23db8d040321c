import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import { PASSWORD, signUp, signedInUser, uniqueEmail } from '../../helpers/accounts.ts';

describeEachDatabase('login, cookies, profile and logout', (suite) => {
  it('logs in and answers the user with cookies per contract', async () => {
    const { client, email, user } = await signedInUser(suite.app);
    assert.deepEqual(Object.keys(user).sort(), [
      'created_at',
      'email',
      'id',
      'is_email_verified',
      'name',
      'role',
    ]);
    assert.equal((user as unknown as { email: string }).email, email);
    assert.ok(client.cookie('accessToken'));
    assert.ok(client.cookie('refreshToken'));
    assert.equal(client.cookie('isLoggedIn'), 'true');
  });

  it('sets session cookies without rememberMe and 30-day cookies with it', async () => {
    const email = await signUp(suite.app);
    await suite.app.db.execute(
      sql`update users set is_email_verified = true where email = ${email}`,
    );
    const plain = await new TestClient(suite.app).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    const byName = (response: typeof plain) =>
      Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    const cookies = byName(plain);
    assert.equal(cookies.accessToken?.httpOnly, true);
    assert.equal(cookies.accessToken?.maxAge, 900);
    assert.equal(cookies.accessToken?.path, '/');
    assert.equal(cookies.accessToken?.sameSite, 'Lax');
    assert.equal(cookies.refreshToken?.httpOnly, true);
    assert.equal(cookies.refreshToken?.path, '/api/auth');
    assert.equal(cookies.refreshToken?.maxAge, undefined);
    assert.equal(cookies.refreshToken?.sameSite, 'Lax');
    assert.equal(cookies.isLoggedIn?.httpOnly, undefined);
    assert.equal(cookies.isLoggedIn?.value, 'true');
    assert.equal(cookies.isLoggedIn?.maxAge, undefined);
    assert.equal(cookies.isLoggedIn?.path, '/');
    assert.equal(cookies.accessToken?.secure, undefined);

    const remembered = byName(
      await new TestClient(suite.app).post('/api/auth/login', {
        email,
        password: PASSWORD,
        rememberMe: true,
      }),
    );
    const thirtyDays = 30 * 24 * 60 * 60;
    assert.ok(Math.abs(remembered.refreshToken!.maxAge! - thirtyDays) <= 2);
    assert.ok(Math.abs(remembered.isLoggedIn!.maxAge! - thirtyDays) <= 2);
  });

  it('answers 401 with one message for a wrong password and an unknown e-mail', async () => {
    const email = await signUp(suite.app);
    const client = new TestClient(suite.app);
    const wrong = await client.post('/api/auth/login', { email, password: 'nope-nope' });
    const unknown = await client.post('/api/auth/login', {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.json().message, unknown.json().message);
  });

  it('answers 429 with Retry-After after 10 failed tries per e-mail and IP', async () => {
    const { email } = await signedInUser(suite.app);
    const client = new TestClient(suite.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await client.post('/api/auth/login', { email, password: 'wrong-pass' });
      assert.equal(response.statusCode, 401);
    }
    const limited = await client.post('/api/auth/login', { email, password: PASSWORD });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.ok(limited.json().message);
    const otherIp = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: '10.1.2.3',
    });
    assert.equal(otherIp.statusCode, 200);
  });

  it('lets the seeded demo accounts log in', async () => {
    const admin = await new TestClient(suite.app).post('/api/auth/login', {
      email: 'admin@example.com',
      password: 'Admin#2026',
    });
    assert.equal(admin.statusCode, 200);
    assert.equal(admin.json().role, 'admin');
    const shopper = await new TestClient(suite.app).post('/api/auth/login', {
      email: 'Shopper@Example.com ',
      password: 'Shopper#2026',
    });
    assert.equal(shopper.statusCode, 200);
    assert.equal(shopper.json().role, 'user');
    assert.equal(shopper.json().name, 'Sam Shopper');
  });

  it('reads and updates the profile, validating the name', async () => {
    const { client } = await signedInUser(suite.app);
    const profile = await client.get('/api/auth/profile');
    assert.equal(profile.statusCode, 200);
    assert.equal(profile.json().name, 'Test User');
    const updated = await client.put('/api/auth/profile', { name: '  New Name  ' });
    assert.equal(updated.statusCode, 200);
    assert.equal(updated.json().user.name, 'New Name');
    assert.ok(updated.json().message);
    for (const name of ['   ', 'x'.repeat(101), 5]) {
      const invalid = await client.put('/api/auth/profile', { name });
      assert.equal(invalid.statusCode, 400);
      assert.ok(invalid.json().fields.name);
    }
  });

  it('answers 401 for profile calls without a valid session', async () => {
    const anonymous = new TestClient(suite.app);
    assert.equal((await anonymous.get('/api/auth/profile')).statusCode, 401);
    assert.equal((await anonymous.put('/api/auth/profile', { name: 'X' })).statusCode, 401);
    anonymous.setCookie('accessToken', 'forged.token');
    assert.equal((await anonymous.get('/api/auth/profile')).statusCode, 401);
  });

  it('logs out: revokes the session server-side and clears all three cookies', async () => {
    const { client } = await signedInUser(suite.app);
    const stolen = new Map(client.cookies);
    const response = await client.post('/api/auth/logout');
    assert.equal(response.statusCode, 200);
    assert.ok(response.json().message);
    const cleared = response.cookies.filter((cookie) => cookie.maxAge === 0 || cookie.expires);
    assert.deepEqual(cleared.map((cookie) => cookie.name).sort(), [
      'accessToken',
      'isLoggedIn',
      'refreshToken',
    ]);
    const replay = new TestClient(suite.app);
    for (const [name, cookie] of stolen) replay.setCookie(name, cookie.value, cookie.path);
    assert.equal((await replay.get('/api/auth/profile')).statusCode, 401);
    assert.equal((await replay.post('/api/auth/refresh-token')).statusCode, 401);
    const again = await new TestClient(suite.app).post('/api/auth/logout');
    assert.equal(again.statusCode, 200);
  });
});
