import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryCacheStore, type CacheStore } from '../../src/infrastructure/cache.ts';
import { etagMatches, ResponseCache, serialize } from '../../src/infrastructure/response-cache.ts';
import { latch } from '../helpers/latch.ts';

const options = { ttlSeconds: 60, maxBytes: 1024 * 1024 };

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
    const [loading, invalidated] = [latch(), latch()];
    const slow = cache.get(await cache.version(), 'a', async () => {
      const seen = value;
      loading.open();
      await invalidated.opened;
      return seen;
    });
    await loading.opened;
    value = 'fresh';
    await cache.invalidate();
    invalidated.open();
    assert.equal((await slow).body.toString(), '"stale"');
    assert.equal(
      (await cache.get(await cache.version(), 'a', async () => value)).body.toString(),
      '"fresh"',
    );
  });

  it('keeps the bodies and their keys within maxBytes, dropping the oldest first', async () => {
    // Each entry: a 100-byte body (a 98-character string and its quotes) and a 5-byte key.
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', { ...options, maxBytes: 350 });
    const version = await cache.version();
    let loads = 0;
    const body = (index: number) => async () => {
      loads += 1;
      return String(index).padStart(98, '-');
    };
    for (let index = 0; index < 10; index += 1) {
      await cache.get(version, `key-${index}`, body(index));
      assert.ok(cache.byteSize <= 350, `${cache.byteSize} bytes after ${index + 1} bodies`);
    }
    assert.equal(cache.size, 3);
    assert.equal(cache.byteSize, 3 * 105);
    loads = 0;
    for (const index of [7, 8, 9]) await cache.get(version, `key-${index}`, body(index));
    assert.equal(loads, 0, 'the three newest are held');
    await cache.get(version, 'key-0', body(0));
    assert.equal(loads, 1, 'the oldest was dropped');
  });

  it('moves a hit to the back, so the least recently used goes first', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', { ...options, maxBytes: 350 });
    const version = await cache.version();
    const loaded: string[] = [];
    const read = (key: string) =>
      cache.get(version, key, async () => {
        loaded.push(key);
        return key.padStart(100, '-');
      });
    for (const key of ['key-a', 'key-b', 'key-c']) await read(key);
    await read('key-a'); // a hit: b is now the least recently used
    await read('key-d'); // evicts b
    loaded.length = 0;
    for (const key of ['key-a', 'key-c', 'key-d']) await read(key);
    assert.deepEqual(loaded, [], 'a, c and d are held');
    await read('key-b');
    assert.deepEqual(loaded, ['key-b'], 'b was evicted, not a');
    assert.ok(cache.byteSize <= 350);
  });

  it('serves a body larger than the whole bound without keeping it', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', { ...options, maxBytes: 350 });
    const version = await cache.version();
    await cache.get(version, 'small', async () => 'x');
    const large = await cache.get(version, 'large', async () => 'y'.repeat(1000));
    assert.equal(large.body.length, 1002);
    assert.equal(cache.size, 1, 'the small body stays, the large one is not kept');
    assert.equal(cache.byteSize, 3 + 'small'.length);
  });

  it('replaces an entry of an older version without counting it twice', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(), 'test', options);
    await cache.get(await cache.version(), 'a', async () => 'first');
    await cache.invalidate();
    await cache.get(await cache.version(), 'a', async () => 'second');
    assert.equal(cache.size, 1);
    assert.equal(cache.byteSize, '"second"'.length + 1);
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
