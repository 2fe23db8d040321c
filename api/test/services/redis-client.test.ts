import assert from 'node:assert/strict';
import net from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisCacheStore } from '../../src/infrastructure/cache.ts';
import { RedisRateLimitStore } from '../../src/infrastructure/rate-limit-store.ts';
import { freePort } from '../scale-out/cluster.ts';

interface Line {
  level: 'warn' | 'info';
  object: object;
  message: string;
}

function recordingLog() {
  const lines: Line[] = [];
  return {
    lines,
    warn: (object: object, message: string) => lines.push({ level: 'warn', object, message }),
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
  };
}

describe('Redis clients of the api', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
  });

  for (const [role, create] of [
    [
      'cache',
      (url: string, log: ReturnType<typeof recordingLog>) => new RedisCacheStore(url, 'test:', log),
    ],
    [
      'rate limits',
      (url: string, log: ReturnType<typeof recordingLog>) =>
        new RedisRateLimitStore(url, 'test:', log),
    ],
  ] as const) {
    it(`logs an unreachable Redis once for the ${role}, not once per retry on stderr`, async (t) => {
      const stderr = t.mock.method(console, 'error', () => undefined);
      const log = recordingLog();
      const store = create(`redis://127.0.0.1:${await freePort()}`, log);
      closers.push(() => store.close());
      // ioredis retries after 50, 100, 150... ms: several failed connects in this time.
      await sleep(700);

      assert.equal(log.lines.length, 1, JSON.stringify(log.lines));
      const [line] = log.lines;
      assert.equal(line!.level, 'warn');
      assert.equal(line!.message, 'Redis connection failed; retrying');
      assert.deepEqual((line!.object as { redis: string }).redis, role);
      assert.match(String((line!.object as { err: Error }).err), /ECONNREFUSED/);
      const unhandled = stderr.mock.calls.filter((call) =>
        String(call.arguments[0]).includes('Unhandled error event'),
      );
      assert.equal(unhandled.length, 0);
    });

    it(`closes the ${role} at once while a command still waits for an unreachable Redis`, async () => {
      const store = create(`redis://127.0.0.1:${await freePort()}`, recordingLog());
      // A readiness probe that gave up on its own clock leaves its command queued; the
      // closing quit then queued behind it and failed once the command ran out of retries.
      const command = 'version' in store ? store.version('any') : store.peek('any');
      const waiting = command.catch((error: unknown) => error);
      await store.close();
      assert.ok((await waiting) instanceof Error);
    });
  }
  const redisUrl = process.env.TEST_REDIS_URL;
  it(
    'logs one line when Redis is reachable again',
    { skip: !redisUrl && 'TEST_REDIS_URL unset' },
    async () => {
      const target = new URL(redisUrl!);
      const port = await freePort();
      const log = recordingLog();
      const store = new RedisCacheStore(`redis://127.0.0.1:${port}`, 'test:', log);
      closers.push(() => store.close());
      await sleep(300);
      assert.deepEqual(
        log.lines.map((line) => line.level),
        ['warn'],
      );

      // Redis "comes back": a pass-through to the real one on the port the client retries.
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      closers.push(
        () =>
          new Promise<void>((resolve) => {
            for (const socket of sockets) socket.destroy();
            relay.close(() => resolve());
          }),
      );
      assert.equal(await store.remember(`back-${port}`, 5, async () => 'loaded'), 'loaded');
      assert.deepEqual(
        log.lines.map((line) => [line.level, line.message]),
        [
          ['warn', 'Redis connection failed; retrying'],
          ['info', 'Redis connection back'],
        ],
      );
    },
  );
});
