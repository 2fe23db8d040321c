// `npm run deploy:local -- <app> [--rollback]`: rebuilds one app and republishes it into the
// running local composition (`npm start`) without touching the others. The static servers read
// files per request, so the next page load gets the new build; `--rollback` swaps back.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { APP_NAMES, isAppName, ROOT } from './lib/composition.mjs';

const [appName, flag] = process.argv.slice(2);
if (!appName || !isAppName(appName)) {
  console.error(`Usage: npm run deploy:local -- <${APP_NAMES.join('|')}> [--rollback]`);
  process.exit(2);
}

const appDir = path.join(ROOT, appName);
const live = path.join(appDir, 'dist');
const previous = path.join(appDir, 'dist.prev');
const next = path.join(appDir, 'dist.next');

/**
 * Makes `from` the live build and keeps the live one as `to`.
 * @param {string} from
 * @param {string} to
 */
function swap(from, to) {
  const parked = `${live}.swap`;
  rmSync(parked, { recursive: true, force: true });
  if (existsSync(live)) renameSync(live, parked);
  renameSync(from, live);
  rmSync(to, { recursive: true, force: true });
  if (existsSync(parked)) renameSync(parked, to);
}

if (flag === '--rollback') {
  if (!existsSync(previous)) {
    console.error(`${appName} has no previous build to roll back to.`);
    process.exit(1);
  }
  swap(previous, previous);
  console.log(`${appName} rolled back; the next page load uses the previous build.`);
  process.exit(0);
}

/**
 * Runs `command` in the app's folder; whether it succeeded.
 * @param {string} command
 * @param {string[]} args
 */
const run = (command, args) =>
  spawnSync(command, args, { cwd: appDir, stdio: 'inherit' }).status === 0;

if (!run('node', ['../scripts/check-federation-contract.mjs', appName])) process.exit(1);
rmSync(next, { recursive: true, force: true });
if (!run('npx', ['webpack', '--mode', 'production', '--output-path', next])) {
  rmSync(next, { recursive: true, force: true });
  console.error(`Build of ${appName} failed; the live build is untouched.`);
  process.exit(1);
}
swap(next, previous);
console.log(`${appName} republished; the next page load uses it (rollback: --rollback).`);
