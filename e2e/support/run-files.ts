import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR } from './paths.ts';

/**
 * Files one whole e2e run adds to as its spec files go: the api's log and the secrets the run
 * handed out. Every spec file is its own process under one test runner, so the runner (the
 * parent process, with its start time against pid reuse) names the run; the first file of a new
 * run empties the folder, later ones append.
 */
export const RUN_DIR = path.join(ARTIFACTS_DIR, 'run');
export const API_LOG_FILE = path.join(RUN_DIR, 'api.log');
export const SECRETS_FILE = path.join(RUN_DIR, 'secrets.jsonl');
const RUNNER_FILE = path.join(RUN_DIR, 'runner');

function runnerId(): string {
  const stat = existsSync(`/proc/${process.ppid}/stat`)
    ? readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
    : '';
  // Field 22 (start time), counted after the parenthesised command name, which may hold spaces.
  const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  return `${process.ppid}:${startTime}`;
}

let joined = false;

/** Makes sure RUN_DIR belongs to this run; call it before writing any run file. */
export function joinRun(): void {
  if (joined) return;
  const id = runnerId();
  const current = existsSync(RUNNER_FILE) ? readFileSync(RUNNER_FILE, 'utf8') : null;
  if (current !== id) {
    rmSync(RUN_DIR, { recursive: true, force: true });
    mkdirSync(RUN_DIR, { recursive: true });
    writeFileSync(RUNNER_FILE, id);
  }
  joined = true;
}

/** Whether RUN_DIR was written by the run this process belongs to (not an earlier one). */
export function isCurrentRun(): boolean {
  return existsSync(RUNNER_FILE) && readFileSync(RUNNER_FILE, 'utf8') === runnerId();
}
