/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'lint-fixtures');

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

/** The repository's own lint, on files it otherwise ignores, as `npm run lint` runs it. */
function lint(files: string[]): LintResult[] {
  const eslint = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--no-ignore', '--format', 'json', ...files], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (!run.stdout) throw new Error(`eslint printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintResult[];
}

describe('lint rules', () => {
  it('refuses two modules that import each other', () => {
    const files = ['cycle-a.ts', 'cycle-b.ts'].map((name) => path.join(FIXTURES, name));
    const results = lint(files);
    for (const file of files) {
      const result = results.find((entry) => entry.filePath === file);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    }
  }, 60_000);
});
