import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryCacheStore, type CacheStore } from '../../src/services/cache.ts';
import { etagMatches, ResponseCache, serialize } from '../../src/services/response-cache.ts';

const options = { ttlSeconds: 60, maxEntries: 3 };

describe('response cache', () => {
  it('serializes once per version and tags the body with a hash of it', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', options);
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const first = await cache.get(await cache.version(), 'a', load);
    assert.equal(first.body.toString(), '{"loads":1}');
    assert.equal(first.etag, serialize({ loads: 1 }).etag);
    assert.equal(
      (await cache.get(await cache.version(), 'a', load)).body.toString(),
      '{"loads":1}',
    );
    await cache.invalidate();
    assert.equal(
      (await cache.get(await cache.version(), 'a', load)).body.toString(),
      '{"loads":2}',
    );
    assert.notEqual(serialize({ loads: 2 }).etag, first.etag);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', options);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return loads;
    };
    const version = await cache.version();
    const bodies = await Promise.all(
      Array.from({ length: 10 }, () => cache.get(version, 'a', load)),
    );
    assert.equal(loads, 1);
    assert.ok(bodies.every((body) => body.body.toString() === '1'));
  });

  it('never serves rows loaded before an invalidation after it', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', options);
    let value = 'stale';
    const slow = cache.get(await cache.version(), 'a', async () => {
      const seen = value;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return seen;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = 'fresh';
    await cache.invalidate();
    assert.equal((await slow).body.toString(), '"stale"');
    assert.equal(
      (await cache.get(await cache.version(), 'a', async () => value)).body.toString(),
      '"fresh"',
    );
  });

  it('keeps at most maxEntries bodies', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', options);
    const version = await cache.version();
    for (let index = 0; index < 10; index += 1) {
      await cache.get(version, `key-${index}`, async () => index);
    }
    assert.equal(cache.size, 3);
  });

  it('loads without caching while the store is down', async () => {
    const broken: CacheStore = {
      remember: (_name, _ttl, load) => load(),
      invalidate: async () => {},
      version: async () => {
        throw new Error('down');
      },
      close: async () => {},
    };
    const warnings: object[] = [];
    const cache = new ResponseCache(broken, 'test', {
      ...options,
      log: { warn: (object) => warnings.push(object) },
    });
    let loads = 0;
    for (let index = 0; index < 2; index += 1) {
      assert.equal(
        (await cache.get(await cache.version(), 'a', async () => ++loads)).body.toString(),
        `${loads}`,
      );
    }
    assert.equal(loads, 2);
    assert.equal(cache.size, 0);
    assert.equal(warnings.length, 2);
  });

  it('matches If-None-Match with the weak comparison', () => {
    assert.ok(etagMatches('"a"', '"a"'));
    assert.ok(etagMatches('W/"a"', '"a"'));
    assert.ok(etagMatches('"b", "a"', '"a"'));
    assert.ok(etagMatches('*', '"a"'));
    assert.ok(!etagMatches('"b"', '"a"'));
    assert.ok(!etagMatches(undefined, '"a"'));
    assert.ok(!etagMatches('a', '"a"'));
  });
});
