import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PORT,
  apps,
  ROOT,
  startApi,
  stopProcess,
  waitForHttp,
} from '../../scripts/lib/composition.mjs';
import { API_LOG_LEVEL, keepApiLog } from './api-log.ts';
import { isListening, type RemoteName } from './composition.ts';
import { provisionApiServices } from './databases.ts';

export interface StandaloneRemote {
  /** The remote's webpack dev server, e.g. http://localhost:3001. */
  url: string;
  /** Seconds from `npm run dev` to the first answer (the first compile). */
  startupSeconds: number;
  stop(): Promise<void>;
}

const DEV_SERVER_TIMEOUT_MS = 120_000;

/** Ends the dev server's whole group: npm, its shell and webpack. */
function stopGroup(child: ChildProcess | null): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  const pid = child.pid;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-pid, 'SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null) process.kill(-pid, 'SIGKILL');
    }, 5000).unref();
  });
}

/**
 * What a team that owns one remote runs: the api (development mode, fresh data, its log kept
 * with the run's) and `npm run dev -w <remote>`, which serves the remote alone with hot reload
 * on its own port and proxies /api to the api. No shell and no other remote.
 */
export async function startStandaloneRemote(name: RemoteName): Promise<StandaloneRemote> {
  const port = (apps as Record<RemoteName, { port: number }>)[name].port;
  for (const [what, busy] of [
    [`${port} (${name})`, port],
    [`${API_PORT} (api)`, API_PORT as number],
  ] as const) {
    if (await isListening(busy)) {
      throw new Error(`The standalone ${name} needs port ${what}, which is already in use.`);
    }
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-standalone-'));
  const services = await provisionApiServices();
  let api: ChildProcess | null = null;
  let apiLogWritten: Promise<void> = Promise.resolve();
  let devServer: ChildProcess | null = null;
  const output: string[] = [];

  const onExit = () => {
    api?.kill('SIGKILL');
    if (devServer?.pid && devServer.exitCode === null) process.kill(-devServer.pid, 'SIGKILL');
  };
  process.once('exit', onExit);

  const stop = async () => {
    process.removeListener('exit', onExit);
    await stopGroup(devServer);
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
      // No APP_ORIGINS: the development defaults must admit the remote's own origin.
      env: {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: API_LOG_LEVEL,
        ...services.env,
      },
    })) as ChildProcess;

    const startedAt = Date.now();
    // Its own process group, so stopping it also stops the webpack process npm starts.
    const server = spawn('npm', ['run', 'dev', '-w', name], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    devServer = server;
    for (const stream of [server.stdout, server.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.shift();
      });
    }
    const url = `http://localhost:${port}`;
    const died = () => server.exitCode !== null || server.signalCode !== null;
    await waitForHttp(`${url}/`, DEV_SERVER_TIMEOUT_MS, died);
    return { url, startupSeconds: (Date.now() - startedAt) / 1000, stop };
  } catch (error) {
    await stop();
    const tail = output.join('').slice(-4000);
    throw new Error(`${(error as Error).message}\n${tail}`, { cause: error });
  }
}
