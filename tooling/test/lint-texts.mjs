// Lints source texts as if each were a file at its path, with the repository's own ESLint
// config, and prints the results as JSON: lint-rules.test.ts hands deliberate boundary
// violations to it on stdin ([{ filePath, code }]). The files need not exist; their imports
// resolve from where they would be, so the path-based rules judge them as they would a real one.
// In its own process because ESLint loads its config with import(), which jest's module
// sandbox refuses.
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const eslint = new ESLint({
  cwd: ROOT,
  // An import that does not resolve is never judged by the path rules: reported here, a case
  // whose import path is wrong fails instead of passing unseen.
  overrideConfig: { files: ['**/*.ts', '**/*.tsx'], rules: { 'import-x/no-unresolved': 'error' } },
});

const inputs = JSON.parse(await text(process.stdin));
const results = [];
for (const { filePath, code } of inputs) {
  results.push(...(await eslint.lintText(code, { filePath: path.resolve(ROOT, filePath) })));
}
process.stdout.write(JSON.stringify(results));
