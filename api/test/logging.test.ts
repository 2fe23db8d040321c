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
  },
  { env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (line) => lines.push(line) } } },
);
