import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Database } from '../../../src/db/client.ts';
import {
  MemoryCacheStore,
  RedisCacheStore,
  type CacheStore,
} from '../../../src/infrastructure/cache.ts';
import { PASSWORD, signedInUser } from '../../helpers/accounts.ts';
import { TEST_ENV } from '../../helpers/app.ts';
import { TestClient } from '../../helpers/client.ts';
import { databaseKinds, openTestDatabase } from '../../helpers/databases.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** A client of `app` carrying the cookies another client got from any instance. */
function sameBrowser(app: FastifyInstance, from: TestClient): TestClient {
  const client = new TestClient(app);
  for (const [name, cookie] of from.cookies) client.setCookie(name, cookie.value, cookie.path);
  return client;
}

const stores: Array<{ name: string; create: () => CacheStore[] }> = [
  {
    // One process's store shared by both apps: the invalidation path without Redis.
    name: 'one memory store',
    create: () => {
      const store = new MemoryCacheStore();
      return [store, store];
    },
  },
];
if (redisUrl) {
  stores.push({
    // Each instance with its own Redis connection, as separate processes would be.
    name: 'Redis',
    create: () => {
      const prefix = `test-session-cache:${randomBytes(4).toString('hex')}:`;
      return [new RedisCacheStore(redisUrl, prefix), new RedisCacheStore(redisUrl, prefix)];
    },
  });
}

for (const kind of databaseKinds()) {
  for (const { name, create } of stores) {
    describe(`cached sessions across two instances sharing ${name} [${kind}]`, () => {
      let database: Database;
      let dataDir: string;
      let caches: CacheStore[];
      const apps: FastifyInstance[] = [];

      before(async () => {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-sessions-'));
        database = await openTestDatabase(kind);
        caches = create();
        for (const cache of caches) {
          const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, REFRESH_GRACE_SECONDS: '0' });
          const app = await buildApp(config, { database, cache });
          await app.ready();
          apps.push(app);
        }
      });
      after(async () => {
        for (const app of apps) await app.close();
        for (const cache of new Set(caches)) await cache.close();
        await database?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it('refuses a session on the other instance as soon as it logged out', async () => {
        const [one, two] = apps as [FastifyInstance, FastifyInstance];
        const { client } = await signedInUser(one);
        const elsewhere = sameBrowser(two, client);
        assert.equal((await elsewhere.get('/api/cart')).statusCode, 200); // cached on two
        assert.equal((await elsewhere.get('/api/cart')).statusCode, 200);
        assert.equal((await client.post('/api/auth/logout')).statusCode, 200);
        assert.equal((await elsewhere.get('/api/cart')).statusCode, 401);
        assert.equal((await sameBrowser(one, elsewhere).get('/api/cart')).statusCode, 401);
      });

      it('shows a name change made on one instance on the other at once', async () => {
        const [one, two] = apps as [FastifyInstance, FastifyInstance];
        const { client } = await signedInUser(one);
        const elsewhere = sameBrowser(two, client);
        assert.equal((await elsewhere.get('/api/auth/profile')).json().name, 'Test User');
        assert.equal((await client.put('/api/auth/profile', { name: 'Renamed' })).statusCode, 200);
        assert.equal((await elsewhere.get('/api/auth/profile')).json().name, 'Renamed');
      });

      it('ends the other sessions of a password change on every instance', async () => {
        const [one, two] = apps as [FastifyInstance, FastifyInstance];
        const { client, email } = await signedInUser(one);
        const otherDevice = new TestClient(two);
        const login = await otherDevice.post('/api/auth/login', { email, password: PASSWORD });
        assert.equal(login.statusCode, 200);
        assert.equal((await otherDevice.get('/api/cart')).statusCode, 200); // cached on two
        const changed = await client.put('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'Changed#1',
        });
        assert.equal(changed.statusCode, 200);
        assert.equal((await otherDevice.get('/api/cart')).statusCode, 401);
        assert.equal((await sameBrowser(two, client).get('/api/cart')).statusCode, 200);
      });

      it('ends a session on every instance when a stolen refresh token is replayed', async () => {
        const [one, two] = apps as [FastifyInstance, FastifyInstance];
        const { client } = await signedInUser(one);
        const stolen = client.cookie('refreshToken')!;
        assert.equal((await client.post('/api/auth/refresh-token')).statusCode, 200);
        const owner = sameBrowser(two, client);
        assert.equal((await owner.get('/api/cart')).statusCode, 200); // cached on two
        await new Promise((resolve) => setTimeout(resolve, 5)); // past the 0 s grace window
        const thief = new TestClient(one);
        thief.setCookie('refreshToken', stolen, '/api/auth');
        assert.equal((await thief.post('/api/auth/refresh-token')).statusCode, 401);
        assert.equal((await owner.get('/api/cart')).statusCode, 401);
      });
    });
  }
}
