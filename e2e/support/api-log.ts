import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { API_LOG_FILE, joinRun } from './run-files.ts';

const PINO_LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** What the console shows of the api's log (`E2E_API_LOG_LEVEL`, warn by default). */
const ECHO_FROM = PINO_LEVELS[process.env.E2E_API_LOG_LEVEL ?? 'warn'] ?? PINO_LEVELS.warn!;

/**
 * The api logs at info at least, whatever the console shows: the log-secrets check needs the
 * request lines. A more verbose E2E_API_LOG_LEVEL is passed through.
 */
export const API_LOG_LEVEL =
  ECHO_FROM < PINO_LEVELS.info! ? process.env.E2E_API_LOG_LEVEL! : 'info';

function levelOf(line: string): number {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' ? level : Infinity;
  } catch {
    // Not a pino line (a crash's stack trace): always worth showing.
    return Infinity;
  }
}

/**
 * Appends everything the api prints (started with piped stdio) to the run's api.log and echoes
 * the lines at or above E2E_API_LOG_LEVEL. Resolves once the process's output has ended and the
 * file holds all of it.
 */
export function keepApiLog(api: ChildProcess): Promise<void> {
  joinRun();
  const file = createWriteStream(API_LOG_FILE, { flags: 'a' });
  const copy = (stream: Readable | null, console: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      if (!stream) return resolve();
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        file.write(`${line}\n`);
        if (levelOf(line) >= ECHO_FROM) console.write(`${line}\n`);
      });
      lines.once('close', resolve);
    });
  return Promise.all([copy(api.stdout, process.stdout), copy(api.stderr, process.stderr)]).then(
    () => new Promise<void>((resolve) => file.end(resolve)),
  );
}
