/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'lint-fixtures');

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}

interface LintResult {
  filePath: string;
  messages: LintMessage[];
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

interface LintText {
  /** Where the text would be, from the repository root; nothing is written there. */
  filePath: string;
  lines: string[];
}

/** The repository's own lint on texts placed at paths inside the apps, in one ESLint run. */
function lintTexts(texts: LintText[]): LintResult[] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-texts.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    input: JSON.stringify(
      texts.map(({ filePath, lines }) => ({ filePath, code: lines.join('\n') })),
    ),
  });
  if (!run.stdout) throw new Error(`lint-texts.mjs printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintResult[];
}

const BOUNDARY = 'import-x/no-restricted-paths';

// Each import below names a real file, so it resolves as it would in the app; the last line of
// every text uses what it imports, so no other rule has anything to say.
const VIOLATIONS = {
  remote: {
    filePath: 'mf-account/src/boundary-check.ts',
    lines: [
      "import { pages } from '../../mf-catalog/src/routes';",
      "import { pages as adminPages } from 'mf-admin/src/routes';",
      "import { REMOTE_ROUTES } from '../../shell/src/remotes/remote-routes';",
      "import { matchesRemotePath } from 'shell/src/remotes/remote-routes';",
      'export { pages, adminPages, REMOTE_ROUTES, matchesRemotePath };',
    ],
  },
  shell: {
    filePath: 'shell/src/boundary-check.ts',
    lines: [
      "import { pages } from '../../mf-catalog/src/routes';",
      "import { OrdersPage } from 'mf-account/src/pages/orders-page';",
      'export { pages, OrdersPage };',
    ],
  },
  shared: {
    filePath: 'shared/src/boundary-check.ts',
    lines: [
      "import { REMOTE_ROUTES } from '../../shell/src/remotes/remote-routes';",
      "import { pages } from '../../mf-checkout/src/routes';",
      'export { REMOTE_ROUTES, pages };',
    ],
  },
  remoteFeature: {
    filePath: 'mf-account/src/features/orders/boundary-check.ts',
    lines: ["import { MyDownloads } from '../downloads/my-downloads';", 'export { MyDownloads };'],
  },
  shellFeature: {
    filePath: 'shell/src/features/auth/boundary-check.ts',
    lines: ["import type { FaqItem } from '../static-pages/faq-data';", 'export type { FaqItem };'],
  },
} satisfies Record<string, LintText>;

const ALLOWED = {
  feature: {
    filePath: 'mf-account/src/features/orders/boundary-check.ts',
    lines: [
      "import { apiClient } from '@store/shared';",
      "import { ordersApi } from '../../common/orders-api';",
      "import { order } from '../../testing/fixtures';",
      "import { shortId } from './format';",
      'export { apiClient, ordersApi, order, shortId };',
    ],
  },
  page: {
    filePath: 'mf-account/src/pages/boundary-check.ts',
    lines: [
      "import { MyDownloads } from '../features/downloads/my-downloads';",
      "import { OrderHistory } from '../features/orders/order-history';",
      'export { MyDownloads, OrderHistory };',
    ],
  },
  shell: {
    filePath: 'shell/src/boundary-check.ts',
    lines: [
      "import { announceApp } from '@store/shared';",
      "import { REMOTE_ROUTES } from './remotes/remote-routes';",
      'export { announceApp, REMOTE_ROUTES };',
    ],
  },
} satisfies Record<string, LintText>;

type Violation = keyof typeof VIOLATIONS;

let messagesOf: (text: LintText) => LintMessage[];

beforeAll(() => {
  const texts = [...Object.values(VIOLATIONS), ...Object.values(ALLOWED)];
  const results = lintTexts(texts);
  expect(results).toHaveLength(texts.length);
  messagesOf = (text) => results[texts.indexOf(text)]!.messages;
}, 60_000);

/** The line of every import in a text: each must be refused with the boundary's message. */
function expectEveryImportRefused(text: LintText, message: RegExp) {
  const imports = text.lines.flatMap((line, index) =>
    line.startsWith('import ') ? [index + 1] : [],
  );
  const messages = messagesOf(text);
  expect(messages.filter(({ ruleId }) => ruleId !== BOUNDARY)).toEqual([]);
  expect(messages.map(({ line }) => line)).toEqual(imports);
  for (const reported of messages) expect(reported.message).toMatch(message);
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

  it.each<[string, Violation, RegExp]>([
    [
      "a remote importing another remote's or the shell's files, by path or package name",
      'remote',
      /A remote never imports another app: remotes talk through the shared store and URLs/,
    ],
    [
      "the shell importing a remote's source",
      'shell',
      /The shell reaches a remote only through Module Federation at run time/,
    ],
    ["'@store/shared' importing an app", 'shared', /'@store\/shared' never imports an app/],
    [
      "a remote's feature importing another feature's files",
      'remoteFeature',
      /A feature never imports another feature's files: move what both use to mf-account\/src\/common\//,
    ],
    [
      "a shell feature importing another feature's files, types included",
      'shellFeature',
      /move what both use to shell\/src\/common\/, or put the page that composes them in shell\/src\/pages\//,
    ],
  ])('refuses %s', (_, violation, message) => {
    expectEveryImportRefused(VIOLATIONS[violation], message);
  });

  it.each(Object.keys(ALLOWED) as (keyof typeof ALLOWED)[])(
    'reports nothing on the allowed imports of a %s file',
    (allowed) => {
      expect(messagesOf(ALLOWED[allowed])).toEqual([]);
    },
  );
});
