// Runs before every app's production build: a remote that drops a page the shell mounts, or an
// app whose shared singletons cannot agree with the store's ranges, must not ship.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { contractProblems } = require('../tooling/federation-contract.cjs');

const app = process.argv[2];
const problems = contractProblems(app);
if (problems.length > 0) {
  console.error(`Federation contract broken${app ? ` for ${app}` : ''}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`Federation contract holds${app ? ` for ${app}` : ' for every app'}.`);
