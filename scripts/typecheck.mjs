// `npm run typecheck [-- folder ...]`: the strict type check of every package (or the named
// ones) by TypeScript 7's native compiler, several times faster than TypeScript 6's `tsc`.
// `scripts` names the build code (tooling/*.cjs and scripts/**/*.mjs): plain JavaScript that
// webpack-cli and node load as it is, checked from its JSDoc types (tsconfig.scripts.json).
// TypeScript 6 stays the `typescript` package: ts-loader and typescript-eslint use its API,
// which TypeScript 7 does not have.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);
/** @type {{ workspaces: string[] }} */
const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const BUILD_CODE = { name: 'scripts', project: 'tsconfig.scripts.json' };
const asked = process.argv.slice(2);
const projects = [
  ...(asked.length ? asked : workspaces)
    .filter((folder) => existsSync(path.join(ROOT, folder, 'tsconfig.json')))
    .map((folder) => ({ name: folder, project: `${folder}/tsconfig.json` })),
  ...(!asked.length || asked.includes(BUILD_CODE.name) ? [BUILD_CODE] : []),
];

let failed = 0;
for (const { name, project } of projects) {
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  console.log(`${result.status === 0 ? '✔' : '✖'} ${name}`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
