import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * A Redis client whose connection trouble goes to the api's log. With no 'error' listener,
 * ioredis prints every failed reconnect to stderr ("[ioredis] Unhandled error event"), outside
 * the structured log and once per retry for as long as Redis is away. Here an outage is one
 * warning when it starts and one line when the connection is back.
 */
export function createRedisClient(
  url: string,
  options: RedisOptions,
  { log, role }: { log?: RedisLogger; role: string },
): Redis {
  const redis = new Redis(url, options);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: error, redis: role }, 'Redis connection failed; retrying');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({ redis: role }, 'Redis connection back');
  });
  return redis;
}

/**
 * Closes a client without waiting on Redis when it is away: `quit` queues behind commands
 * still waiting to be sent and fails with them once they run out of retries, which turned a
 * shutdown during an outage into an error.
 */
export async function closeRedisClient(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}
