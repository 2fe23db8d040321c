import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import {
  MemoryCacheStore,
  RedisCacheStore,
  type CacheStore,
} from '../../src/infrastructure/cache.ts';
import { latch } from '../helpers/latch.ts';

function behavesLikeACacheStore(name: string, create: () => CacheStore) {
  describe(name, () => {
    const store = create();
    after(() => store.close());
    const key = () => `test:${randomBytes(4).toString('hex')}`;

    it('loads once, then serves the cached value until invalidated', async () => {
      const name = key();
      let loads = 0;
      const load = async () => ({ loads: ++loads, at: new Date(0).toISOString() });
      assert.deepEqual(await store.remember(name, 60, load), {
        loads: 1,
        at: '1970-01-01T00:00:00.000Z',
      });
      assert.equal((await store.remember(name, 60, load)).loads, 1);
      await store.invalidate(name);
      assert.equal((await store.remember(name, 60, load)).loads, 2);
      assert.equal((await store.remember(name, 60, load)).loads, 2);
    });

    it('does not keep a value loaded across an invalidation', async () => {
      const name = key();
      let value = 'stale';
      const [loading, invalidated] = [latch(), latch()];
      const slow = store.remember(name, 60, async () => {
        const seen = value;
        loading.open();
        await invalidated.opened;
        return seen;
      });
      await loading.opened;
      value = 'fresh';
      await store.invalidate(name);
      invalidated.open();
      assert.equal(await slow, 'stale');
      assert.equal(await store.remember(name, 60, async () => value), 'fresh');
    });

    it('reports a version that changes on every invalidation', async () => {
      const name = key();
      const first = await store.version(name);
      assert.equal(await store.version(name), first);
      await store.invalidate(name);
      const second = await store.version(name);
      assert.notEqual(second, first);
      await store.invalidate(name);
      assert.notEqual(await store.version(name), second);
    });

    it('expires entries after their TTL', async () => {
      const name = key();
      await store.remember(name, 1, async () => 'first');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal(await store.remember(name, 1, async () => 'second'), 'second');
    });
  });
}

behavesLikeACacheStore('memory cache store', () => new MemoryCacheStore());

if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  behavesLikeACacheStore(
    'redis cache store',
    () => new RedisCacheStore(url, `test-cache:${randomBytes(4).toString('hex')}:`),
  );
}
