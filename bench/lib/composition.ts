import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  buildApps,
  closeServer,
  startApi,
  startAppServer,
  stopProcess,
} from '../../scripts/lib/composition.mjs';
import { log } from './report.ts';

// BENCH_PORT_OFFSET lets two harness runs (e.g. one per section) share a machine.
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;

/**
 * The harness's own ports, apart from the e2e suite's (3000-3004, 5000) so both can run at once.
 */
export const PORTS = {
  shell: 3200 + OFFSET,
  'mf-catalog': 3201 + OFFSET,
  'mf-account': 3202 + OFFSET,
  'mf-checkout': 3203 + OFFSET,
  'mf-admin': 3204 + OFFSET,
  api: 5200 + OFFSET,
  baseline: 5299 + OFFSET,
} as const;

export type AppName = 'shell' | 'mf-catalog' | 'mf-account' | 'mf-checkout' | 'mf-admin';
export const APPS: AppName[] = ['shell', 'mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];
export const REMOTES = APPS.filter((name) => name !== 'shell');

export const SHELL_URL = `http://localhost:${PORTS.shell}`;
export const API_URL = `http://localhost:${PORTS.api}`;

export type AppPorts = Record<AppName, number>;

/** The shell's runtime config that finds the remotes on `ports`. */
export function runtimeConfigFor(ports: AppPorts) {
  const manifest = (app: AppName) => `http://localhost:${ports[app]}/mf-manifest.json`;
  return {
    apiBaseUrl: '/api',
    remotes: {
      catalog: manifest('mf-catalog'),
      account: manifest('mf-account'),
      checkout: manifest('mf-checkout'),
      admin: manifest('mf-admin'),
    },
  };
}

export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function assertPortsFree(ports: number[]): Promise<void> {
  const busy: number[] = [];
  for (const port of ports) if (await isListening(port)) busy.push(port);
  if (busy.length) {
    throw new Error(`The bench needs ports ${busy.join(', ')}, which are in use.`);
  }
}

export function ensureBuilt(): void {
  buildApps({ log: (message: string) => log(message) });
}

/**
 * The production static servers of the five apps, on the bench ports unless `ports` says
 * otherwise, serving their dist folders unless `rootOf` names other builds. The shell's server
 * answers a runtime config naming those ports, so the shell finds the remotes there without
 * touching shell/dist.
 */
export async function startFrontends({
  ports = PORTS,
  rootOf,
}: { ports?: AppPorts; rootOf?: (app: AppName) => string } = {}): Promise<Server[]> {
  const root = (app: AppName) => rootOf?.(app);
  const shell = (await startAppServer('shell', {
    apiPort: PORTS.api,
    port: ports.shell,
    runtimeConfig: runtimeConfigFor(ports),
    root: root('shell'),
  })) as Server;
  const remotes = await Promise.all(
    REMOTES.map(
      async (name) =>
        (await startAppServer(name, { port: ports[name], root: root(name) })) as unknown as Server,
    ),
  );
  return [shell, ...remotes];
}

export async function stopFrontends(servers: Server[]): Promise<void> {
  await Promise.all(servers.map((server) => closeServer(server)));
}

export interface Database {
  kind: 'embedded' | 'postgres';
  url?: string;
  drop(): Promise<void>;
}

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh `bench_<random>` database, or null (with the reason) when PostgreSQL is not there. */
export async function createPostgresDatabase(): Promise<Database | string> {
  const admin = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message})`;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const EMBEDDED: Database = { kind: 'embedded', drop: async () => {} };

export interface RunningApi {
  child: ChildProcess;
  pid: number;
  database: Database;
  /** The api's DATA_DIR (the embedded database lives in its `pglite` folder). */
  dataDir: string;
  /** The last lines the api printed, for a failure report. */
  output(): string;
  /** Stops the api and deletes its DATA_DIR unless `keepData` (then the caller removes it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** A fresh api process on the same data: `child` and `pid` then name the new one. */
  restart(): Promise<void>;
}

/**
 * The api as its own process on a fresh temp DATA_DIR (demo data: NODE_ENV=development).
 * `origins`: the shells that call it (ab.ts serves two).
 */
export async function startBenchApi(
  database: Database,
  { origins = [SHELL_URL] }: { origins?: string[] } = {},
): Promise<RunningApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    APP_URL: SHELL_URL,
    APP_ORIGINS: origins.join(','),
    // The embedded defaults must not pick up a DATABASE_URL from the caller's shell.
    DATABASE_URL: database.url ?? '',
    // The throughput runs log in many times; nothing here is a brute-force attempt.
    LOGIN_MAX_FAILURES: '1000',
    // The checkout section and the soak sign up their shoppers at once from one address, and the
    // soak's shoppers ask for download links far more often than a person would.
    SIGNUP_PER_HOUR: '100000',
    DOWNLOAD_LINKS_PER_MINUTE: '100000',
    CHECKOUTS_PER_HOUR: '100000',
    // The scale section validates license keys at 50 connections from one address.
    LICENSE_CALLS_PER_KEY_PER_MINUTE: '1000000',
    LICENSE_CALLS_PER_ADDRESS_PER_MINUTE: '100000000',
    // The download section uploads a 200 MiB asset (the default limit is 50 MiB).
    UPLOAD_ASSET_MAX_BYTES: String(256 * 1024 * 1024),
  };
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 50) lines.splice(0, lines.length - 50);
  };
  const spawnApi = async () => {
    const started = (await startApi({ port: PORTS.api, env, stdio: 'pipe' })) as ChildProcess;
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    return started;
  };
  const first = await spawnApi();
  const running: RunningApi = {
    child: first,
    pid: first.pid!,
    database,
    dataDir,
    output: () => lines.join('\n'),
    async stop({ keepData = false } = {}) {
      await stopProcess(running.child);
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await stopProcess(running.child);
      running.child = await spawnApi();
      running.pid = running.child.pid!;
    },
  };
  return running;
}
