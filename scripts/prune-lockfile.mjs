// The package registry reachable here serves only some platforms' builds of native packages
// (@swc/core, unrs-resolver...). npm leaves the missing ones out of package-lock.json but keeps
// the optional edges to them, and `npm ci` then refuses the lockfile as out of sync. Dropping
// edges to packages the lockfile does not hold makes it consistent; runs after every install.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package-lock.json');
/** @type {{ packages: Record<string, { optionalDependencies?: Record<string, string> }> }} */
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const present = new Set(
  Object.keys(lock.packages).map((key) => key.slice(key.lastIndexOf('node_modules/') + 13)),
);

let pruned = 0;
for (const entry of Object.values(lock.packages)) {
  const optional = entry.optionalDependencies ?? {};
  for (const name of Object.keys(optional)) {
    if (present.has(name)) continue;
    delete optional[name];
    pruned += 1;
  }
}
if (pruned > 0) {
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: dropped ${pruned} optional edges to packages it does not hold`);
}
