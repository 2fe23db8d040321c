import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from './helpers/app.ts';
import { PASSWORD, signedInUser } from './helpers/accounts.ts';

const lines: string[] = [];

describeEachDatabase(
  'structured logs',
  (suite) => {
    it('log requests with their id but never passwords, tokens or cookies', async () => {
      const { client } = await signedInUser(suite.app);
      await client.post('/api/auth/refresh-token');
      await client.post('/api/auth/forgot-password', { email: 'x@example.test' });
      await suite.app.inject({ method: 'GET', url: '/api/files/downloads/secret-link-token' });
      const logs = lines.join('\n');
      assert.match(logs, /"reqId":"[0-9a-f-]{36}"/);
      assert.match(logs, /verify-email\/\[redacted\]/);
      assert.match(logs, /files\/downloads\/\[redacted\]/);
      assert.ok(!logs.includes('secret-link-token'), 'download token leaked');
      assert.doesNotMatch(logs, new RegExp(PASSWORD.replace(/[#]/g, '\\$&')));
      for (const [name, cookie] of client.cookies) {
        if (name !== 'isLoggedIn') assert.ok(!logs.includes(cookie.value), `${name} leaked`);
      }
    });

    it('log one line per request, with the request and the answer', async () => {
      lines.length = 0;
      const response = await suite.app.inject({ method: 'GET', url: '/api/health' });
      const requestId = response.headers['x-request-id'];
      const mine = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.reqId === requestId);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.msg, 'request completed');
      assert.deepEqual(mine[0]!.req, {
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
      });
      assert.deepEqual(mine[0]!.res, { statusCode: 200 });
      assert.equal(typeof mine[0]!.responseTime, 'number');
    });
  },
  { env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (line) => lines.push(line) } } },
);
