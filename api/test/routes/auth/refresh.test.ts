import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import { signedInUser } from '../../helpers/accounts.ts';

describeEachDatabase('refresh-token rotation', (suite) => {
  const withCookie = (token: string) => {
    const client = new TestClient(suite.app);
    client.setCookie('refreshToken', token, '/api/auth');
    return client;
  };

  /** Moves every rotation back in time, as if the 10 s grace window had passed. */
  const endGraceWindow = () =>
    suite.app.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '11 seconds' where rotated_at is not null`,
    );

  it('rotates: new cookies, the new token works, access tokens keep working', async () => {
    const { client } = await signedInUser(suite.app);
    const before = client.cookie('refreshToken')!;
    const response = await client.post('/api/auth/refresh-token');
    assert.equal(response.statusCode, 200);
    assert.ok(response.json().message);
    const after = client.cookie('refreshToken')!;
    assert.notEqual(after, before);
    assert.equal(client.cookie('isLoggedIn'), 'true');
    assert.equal((await client.get('/api/auth/profile')).statusCode, 200);
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 200);
  });

  it('answers a replay inside the grace window with the same successor', async () => {
    const { client } = await signedInUser(suite.app);
    const original = client.cookie('refreshToken')!;
    await client.post('/api/auth/refresh-token');
    const successor = client.cookie('refreshToken')!;
    const otherTab = withCookie(original);
    const replay = await otherTab.post('/api/auth/refresh-token');
    assert.equal(replay.statusCode, 200);
    assert.equal(otherTab.cookie('refreshToken'), successor);
  });

  it('keeps the user signed in through five concurrent refreshes', async () => {
    const { client } = await signedInUser(suite.app);
    const token = client.cookie('refreshToken')!;
    const tabs = Array.from({ length: 5 }, () => withCookie(token));
    const responses = await Promise.all(tabs.map((tab) => tab.post('/api/auth/refresh-token')));
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [200, 200, 200, 200, 200],
    );
    const successors = new Set(tabs.map((tab) => tab.cookie('refreshToken')));
    assert.equal(successors.size, 1);
    assert.ok(!successors.has(token));
    const next = await tabs[0]!.post('/api/auth/refresh-token');
    assert.equal(next.statusCode, 200);
    assert.equal((await tabs[0]!.get('/api/auth/profile')).statusCode, 200);
  });

  it('revokes the whole family when a rotated token is reused after the window', async () => {
    const { client } = await signedInUser(suite.app);
    const stolen = client.cookie('refreshToken')!;
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 200);
    await endGraceWindow();
    const thief = withCookie(stolen);
    const reuse = await thief.post('/api/auth/refresh-token');
    assert.equal(reuse.statusCode, 401);
    assert.equal(thief.cookie('refreshToken'), undefined, 'cookies are cleared');
    const owner = await client.post('/api/auth/refresh-token');
    assert.equal(owner.statusCode, 401, 'the legitimate successor dies with its family');
    assert.equal((await client.get('/api/auth/profile')).statusCode, 401);
  });

  it('answers 401 and clears cookies without a token or with an unknown one', async () => {
    const none = await new TestClient(suite.app).post('/api/auth/refresh-token');
    assert.equal(none.statusCode, 401);
    const unknown = await withCookie('made-up').post('/api/auth/refresh-token');
    assert.equal(unknown.statusCode, 401);
    const names = unknown.cookies.map((cookie) => cookie.name).sort();
    assert.deepEqual(names, ['accessToken', 'isLoggedIn', 'refreshToken']);
  });

  it('answers 401 once the session has expired server-side', async () => {
    const { client } = await signedInUser(suite.app);
    await suite.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 401);
  });
});
