import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import type { User } from '../../src/db/schema.ts';
import {
  MemoryCacheStore,
  RedisCacheStore,
  type CacheStore,
} from '../../src/infrastructure/cache.ts';
import { SessionCache, type LiveSession } from '../../src/accounts/session-cache.ts';
import { latch } from '../helpers/latch.ts';

const HOUR = 60 * 60 * 1000;

function live(name = 'Sam', expiresInMs = HOUR): LiveSession {
  return {
    user: { id: randomUUID(), name } as User,
    expiresAt: new Date(Date.now() + expiresInMs),
  };
}

function counting(session: () => LiveSession | null) {
  const loader = async () => {
    loader.loads += 1;
    return session();
  };
  loader.loads = 0;
  return loader;
}

function behavesLikeASessionCache(name: string, createStore: () => CacheStore) {
  describe(name, () => {
    const store = createStore();
    after(() => store.close());
    const cache = (ttlSeconds = 60) => new SessionCache(store, { ttlSeconds, maxEntries: 100 });

    it('reads a live session once, then serves it until the user is invalidated', async () => {
      const sessions = cache();
      const userId = randomUUID();
      let current = live('Sam');
      const load = counting(() => current);
      assert.equal((await sessions.user('s1', userId, load))?.name, 'Sam');
      assert.equal((await sessions.user('s1', userId, load))?.name, 'Sam');
      assert.equal(load.loads, 1);
      current = live('Samantha');
      await sessions.invalidate(userId);
      assert.equal((await sessions.user('s1', userId, load))?.name, 'Samantha');
      assert.equal(load.loads, 2);
    });

    it('sees an invalidation made through another cache on the same store', async () => {
      const one = cache();
      const two = cache();
      const userId = randomUUID();
      let current: LiveSession | null = live();
      const load = counting(() => current);
      assert.ok(await one.user('s1', userId, load));
      current = null; // revoked
      await two.invalidate(userId);
      assert.equal(await one.user('s1', userId, load), null);
    });

    it('never keeps a session read before a concurrent revocation', async () => {
      const sessions = cache();
      const userId = randomUUID();
      let revoked = false;
      const [loading, invalidated] = [latch(), latch()];
      const slow = sessions.user('s1', userId, async () => {
        const seen = revoked ? null : live();
        loading.open();
        await invalidated.opened;
        return seen;
      });
      await loading.opened;
      revoked = true;
      await sessions.invalidate(userId);
      invalidated.open();
      assert.ok(await slow, 'the request that started before the logout still passes');
      const load = counting(() => (revoked ? null : live()));
      assert.equal(await sessions.user('s1', userId, load), null);
      assert.equal(load.loads, 1);
    });

    it('keeps neither revoked nor expired sessions, and only other users are unaffected', async () => {
      const sessions = cache();
      const [alice, bob] = [randomUUID(), randomUUID()];
      const revoked = counting(() => null);
      assert.equal(await sessions.user('s1', alice, revoked), null);
      assert.equal(await sessions.user('s1', alice, revoked), null);
      assert.equal(revoked.loads, 2);

      const ending = counting(() => live('Sam', 50));
      assert.ok(await sessions.user('s2', alice, ending));
      await new Promise((resolve) => setTimeout(resolve, 60));
      await sessions.user('s2', alice, ending);
      assert.equal(ending.loads, 2, 'a session past its end is read again');

      const other = counting(() => live('Bob'));
      await sessions.user('s3', bob, other);
      await sessions.invalidate(alice);
      await sessions.user('s3', bob, other);
      assert.equal(other.loads, 1);
    });

    it('does not trust an entry for another user id or past its TTL, and 0 turns it off', async () => {
      const sessions = cache(1);
      const load = counting(() => live());
      await sessions.user('s1', randomUUID(), load);
      await sessions.user('s1', randomUUID(), load);
      assert.equal(load.loads, 2);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await sessions.user('s1', randomUUID(), load);
      assert.equal(load.loads, 3);

      const off = cache(0);
      const always = counting(() => live());
      const userId = randomUUID();
      await off.user('s1', userId, always);
      await off.user('s1', userId, always);
      assert.equal(always.loads, 2);
      assert.equal(off.size, 0);
    });
  });
}

behavesLikeASessionCache('session cache on the memory store', () => new MemoryCacheStore());

if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  behavesLikeASessionCache(
    'session cache on the Redis store',
    () => new RedisCacheStore(url, `test-sessions:${randomBytes(4).toString('hex')}:`),
  );
}

describe('session cache when the store is down', () => {
  it('reads the session on every request instead of trusting a copy', async () => {
    const broken: CacheStore = {
      remember: async (_name, _ttl, load) => load(),
      invalidate: async () => {},
      version: async () => {
        throw new Error('down');
      },
      close: async () => {},
    };
    const sessions = new SessionCache(broken, { ttlSeconds: 60, maxEntries: 10 });
    const load = counting(() => live());
    await sessions.user('s1', 'u1', load);
    await sessions.user('s1', 'u1', load);
    assert.equal(load.loads, 2);
  });
});

describe('memory cache store with many versioned names', () => {
  it('starts over with fresh versions instead of growing for ever', async () => {
    const store = new MemoryCacheStore();
    const before = await store.version('catalog');
    for (let index = 0; index < 100_001; index += 1) await store.invalidate(`sessions:${index}`);
    const after = await store.version('catalog');
    assert.notEqual(after, before, 'names without their own version moved on too');
    assert.notEqual(await store.version('sessions:5'), '0');
  });
});
