import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

interface StartApiOptions {
  port: number;
  env: Record<string, string>;
  stdio: 'pipe';
  onSpawn(child: ChildProcess): void;
}

/** The repository's own way of running the api as a process (`npm start` uses it too). */
interface Composition {
  startApi(options: StartApiOptions): Promise<ChildProcess>;
}

const COMPOSITION = new URL('../../../scripts/lib/composition.mjs', import.meta.url).href;

export const LOCAL_WEBHOOK_SECRET = 'scale-out-local-webhook-secret';

export interface Instance {
  index: number;
  port: number;
  /** The instance's own address, bypassing the proxy. */
  url: string;
  child: ChildProcess | null;
  /** The tail of its stdout and stderr, for failure messages. */
  output: string[];
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Cluster {
  proxy: RoundRobinProxy;
  instances: Instance[];
  /** A pool on the cluster's database, for checking outcomes. */
  db: pg.Pool;
  /** Run id; appears in every e-mail address the suite creates. */
  runId: string;
  start(index: number): Promise<void>;
  /** Sends the signal and resolves with how the process ended. */
  stop(index: number, signal: NodeJS.Signals): Promise<Exit>;
  logsOf(index: number): string;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function keepTail(instance: Instance, stream: NodeJS.ReadableStream | null): void {
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    instance.output.push(chunk);
    if (instance.output.length > 200) instance.output.splice(0, instance.output.length - 200);
  });
}

export function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** A fresh, empty database on the server of `adminUrl`; answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Deletes the rate-limit counters of this run's addresses (the catalog version is shared). */
async function forgetRedisKeys(redisUrl: string, runId: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `rl:*${runId}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * The environment of a test api process: development mode (demo catalog and accounts, the
 * outbox in `dataDir`), the local payment provider, reachable at `publicUrl`. Without
 * `databaseUrl` it runs the embedded database in `dataDir`; without `redisUrl`, in-memory
 * limits and caches.
 */
export function instanceEnv(options: {
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl ?? '',
    REDIS_URL: options.redisUrl ?? '',
    DATA_DIR: options.dataDir,
    API_URL: options.publicUrl,
    APP_URL: options.publicUrl,
    APP_ORIGINS: options.publicUrl,
    TRUST_PROXY: 'true',
    JWT_SECRET: 'scale-out-test-secret-of-at-least-32-characters',
    PAYMENT_PROVIDER: 'local',
    LOCAL_WEBHOOK_SECRET,
    SMTP_URL: '',
    S3_BUCKET: '',
    LOG_LEVEL: 'warn',
    // A starved CI host can take longer than a container's 10 s to finish a request: these
    // suites test the drain, not its limit.
    STOP_GRACE_SECONDS: '300',
    // Every run signs up from 127.0.0.1, counted in the one Redis that outlives the run; the
    // checkout load opens many checkouts per shopper.
    SIGNUP_PER_HOUR: '100000',
    CHECKOUTS_PER_HOUR: '100000',
    ...options.env,
  };
}

/** Starts `instance` as a process of its own; resolves once it answers its health check. */
export async function startInstance(instance: Instance, env: Record<string, string>) {
  const { startApi } = (await import(COMPOSITION)) as Composition;
  instance.output.length = 0;
  await startApi({
    port: instance.port,
    env,
    stdio: 'pipe',
    onSpawn: (child) => {
      instance.child = child;
      keepTail(instance, child.stdout);
      keepTail(instance, child.stderr);
    },
  }).catch((error: Error) => {
    const logs = instance.output.join('').slice(-4000);
    throw new Error(`instance ${instance.index} did not start: ${error.message}\n${logs}`);
  });
}

/**
 * `size` api processes on one fresh PostgreSQL database and one Redis, sharing a data folder
 * (the outbox and local files, as a shared volume would), behind a round-robin proxy that is
 * also their public address (`API_URL`, `APP_URL`, the allowed origin).
 */
export async function createCluster(options: {
  size: number;
  adminUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const runId = `scale${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-scale-out-'));
  const databaseUrl = await createDatabase(options.adminUrl, runId);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => {}); // a connection cut by the final forced drop

  const instances: Instance[] = [];
  for (let index = 0; index < options.size; index += 1) {
    const port = await freePort();
    instances.push({ index, port, url: `http://127.0.0.1:${port}`, child: null, output: [] });
  }
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  const env = instanceEnv({
    publicUrl: proxy.url,
    dataDir,
    databaseUrl,
    redisUrl: options.redisUrl,
    env: options.env,
  });

  const start = (index: number) => startInstance(instances[index]!, env);

  const stop = async (index: number, signal: NodeJS.Signals) => {
    const child = instances[index]!.child;
    if (!child) return { code: null, signal: null };
    const exited = exitOf(child);
    child.kill(signal);
    return exited;
  };

  const logsOf = (index: number) => instances[index]!.output.join('').slice(-4000);

  const close = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        if (!instance.child) return;
        const exited = exitOf(instance.child);
        instance.child.kill('SIGKILL');
        await exited;
      }),
    );
    await proxy.close();
    await db.end();
    await dropDatabase(options.adminUrl, runId);
    await forgetRedisKeys(options.redisUrl, runId);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  return { proxy, instances, db, runId, start, stop, logsOf, close };
}
