import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  API_PORT,
  APP_NAMES,
  apps,
  buildApps,
  closeServer,
  runtimeConfigFromEnv,
  startApi,
  startAppServer,
  stopProcess,
  writeRuntimeConfig,
} from '../../scripts/lib/composition.mjs';
import { API_LOG_LEVEL, keepApiLog } from './api-log.ts';
import { provisionApiServices, type ApiServices } from './databases.ts';
import { ARTIFACTS_DIR } from './paths.ts';
import { seededStore } from './seeded-store.ts';

export type AppName = 'shell' | 'mf-catalog' | 'mf-account' | 'mf-checkout' | 'mf-admin';
export type RemoteName = Exclude<AppName, 'shell'>;

export interface Composition {
  /** The shell, as shoppers open it. */
  baseUrl: string;
  /** The api's own address, for the harness's direct calls (outbox, seeding). */
  apiUrl: string;
  urlOf(app: AppName): string;
  stopRemote(name: RemoteName): Promise<void>;
  startRemote(name: RemoteName): Promise<void>;
  stop(): Promise<void>;
}

const HOST = 'localhost';

function portOf(app: AppName): number {
  return (apps as Record<AppName, { port: number }>)[app].port;
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

async function assertPortsFree(): Promise<void> {
  const wanted = [
    ...(APP_NAMES as AppName[]).map((name) => ({ name, port: portOf(name) })),
    { name: 'api', port: API_PORT as number },
  ];
  const busy: string[] = [];
  for (const { name, port } of wanted) {
    if (await isListening(port)) busy.push(`${port} (${name})`);
  }
  if (busy.length) {
    throw new Error(
      `The e2e composition needs ports ${busy.join(', ')}, which are already in use. ` +
        'Stop `npm start` / `npm run dev` (or whatever holds them) and run the suite again.',
    );
  }
}

/**
 * Builds missing dist folders once. With E2E_REBUILD=1 it rebuilds everything, but only in the
 * first spec file of a run: node:test runs every file as a child of one runner process, so the
 * runner's pid marks the run.
 */
function ensureBuilt(): void {
  const force = process.env.E2E_REBUILD === '1';
  if (!force) return buildApps();
  const marker = path.join(ARTIFACTS_DIR, `.rebuilt-${process.ppid}`);
  if (existsSync(marker)) return buildApps();
  buildApps({ force: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const old of readdirSync(ARTIFACTS_DIR).filter((name) => name.startsWith('.rebuilt-'))) {
    rmSync(path.join(ARTIFACTS_DIR, old), { force: true });
  }
  writeFileSync(marker, new Date().toISOString());
}

function apiEnvOf(dataDir: string, services: ApiServices): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    APP_URL: `http://${HOST}:${portOf('shell')}`,
    LOG_LEVEL: API_LOG_LEVEL,
    // Every spec signs up from 127.0.0.1, and the demo shopper (one id in every spec's copy of
    // the seeded store) checks out in many; with TEST_REDIS_URL all specs and runs share the counts.
    SIGNUP_PER_HOUR: '100000',
    CHECKOUTS_PER_HOUR: '100000',
    ...services.env,
  };
}

export interface CompositionOptions {
  apiEnv?: Record<string, string>;
  /**
   * The shell's runtime config rendered from these variables (e.g. STRIPE_PUBLISHABLE_KEY) and
   * served from memory, leaving the deployed file to the other specs.
   */
  runtimeEnv?: Record<string, string>;
}

/** Shell + four remotes (static, in-process) + api (child process, a fresh copy of the seeded store). */
export async function startComposition({
  apiEnv = {},
  runtimeEnv,
}: CompositionOptions = {}): Promise<Composition> {
  await assertPortsFree();
  ensureBuilt();
  await writeRuntimeConfig(runtimeConfigFromEnv({}, HOST));

  const seeded = await seededStore(async (dataDir, services) => {
    let log: Promise<void> = Promise.resolve();
    const api = (await startApi({
      port: API_PORT,
      stdio: 'pipe',
      onSpawn: (child: ChildProcess) => (log = keepApiLog(child)),
      env: apiEnvOf(dataDir, services),
    })) as ChildProcess;
    await stopProcess(api);
    await log;
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  await cp(seeded.dataDir, dataDir, { recursive: true });
  const services = await provisionApiServices({ template: seeded.database });
  console.log(`e2e api on ${services.describe}`);
  const servers = new Map<AppName, Server>();
  let api: ChildProcess | null = null;
  let apiLogWritten: Promise<void> = Promise.resolve();

  // If the runner is interrupted, leave no api process or temp folder behind.
  const onExit = () => {
    api?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => process.exit(1);
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const stop = async () => {
    process.removeListener('exit', onExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await Promise.all([...servers.values()].map((server) => closeServer(server)));
    servers.clear();
    await stopProcess(api);
    await apiLogWritten;
    await rm(dataDir, { recursive: true, force: true });
    await services.release();
  };

  try {
    api = (await startApi({
      port: API_PORT,
      stdio: 'pipe',
      onSpawn: (child: ChildProcess) => (apiLogWritten = keepApiLog(child)),
      env: { ...apiEnvOf(dataDir, services), ...apiEnv },
    })) as ChildProcess;
    const runtimeConfig = runtimeEnv ? runtimeConfigFromEnv(runtimeEnv, HOST) : undefined;
    for (const name of APP_NAMES as AppName[]) {
      servers.set(name, (await startAppServer(name, { runtimeConfig })) as Server);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl: `http://${HOST}:${portOf('shell')}`,
    apiUrl: `http://127.0.0.1:${API_PORT}`,
    urlOf: (app) => `http://${HOST}:${portOf(app)}`,
    async stopRemote(name) {
      await closeServer(servers.get(name));
      servers.delete(name);
    },
    async startRemote(name) {
      if (!servers.has(name)) servers.set(name, (await startAppServer(name)) as Server);
    },
    stop,
  };
}
