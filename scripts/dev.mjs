// `npm run dev`: webpack dev servers with hot reload for the five apps and the api in watch mode.
import { spawn } from 'node:child_process';
import { APP_NAMES, ROOT } from './lib/composition.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'api'], { cwd: ROOT, stdio: 'inherit' }),
  ...APP_NAMES.map((name) =>
    spawn('npm', ['run', 'dev', '-w', name], { cwd: ROOT, stdio: 'inherit' }),
  ),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
