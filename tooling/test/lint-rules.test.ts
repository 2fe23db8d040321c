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
const CONTRACT_VALUES = '@typescript-eslint/no-restricted-imports';

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
  apiService: {
    filePath: 'api/src/catalog/boundary-check.ts',
    lines: [
      "import productRoutes from './routes/products.ts';",
      "import authGuard from '../plugins/auth-guard.ts';",
      "import { buildApp } from '../app.ts';",
      'export { productRoutes, authGuard, buildApp };',
    ],
  },
  apiDomain: {
    filePath: 'api/src/accounts/boundary-check.ts',
    lines: [
      "import { issueWelcomeCoupon } from '../cart/coupons.ts';",
      "import type { CatalogService } from '../catalog/categories.ts';",
      'export { issueWelcomeCoupon };',
      'export type { CatalogService };',
    ],
  },
  apiDatabase: {
    filePath: 'api/src/db/boundary-check.ts',
    lines: [
      "import { createCartService } from '../cart/cart.ts';",
      "import { errors } from '../http/errors.ts';",
      'export { createCartService, errors };',
    ],
  },
  apiLib: {
    filePath: 'api/src/lib/boundary-check.ts',
    lines: [
      "import { users } from '../db/schema.ts';",
      "import { hashPassword } from '../accounts/passwords.ts';",
      'export { users, hashPassword };',
    ],
  },
  contractInRemote: {
    filePath: 'mf-catalog/src/features/search/contract-check.ts',
    lines: [
      "import { SEARCH_SORTS } from '@store/contract';",
      "import { CATALOG_SORTS, type Product } from '@store/contract';",
      'export { SEARCH_SORTS, CATALOG_SORTS };',
      'export type { Product };',
    ],
  },
  // Test fixtures are bundled into no app either, but they are not tests: still refused.
  contractInSharedFixtures: {
    filePath: 'shared/src/testing/contract-check.ts',
    lines: ["import { STORE_ROUTES } from '@store/contract';", 'export { STORE_ROUTES };'],
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
  apiRoute: {
    filePath: 'api/src/cart/routes/boundary-check.ts',
    lines: [
      "import { viewerOf } from '../../plugins/auth-guard.ts';",
      "import { createCartService } from '../cart.ts';",
      "import { createCatalogService } from '../../catalog/categories.ts';",
      "import { users } from '../../db/schema.ts';",
      "import { HttpError } from '../../lib/http-error.ts';",
      'export { viewerOf, createCartService, createCatalogService, users, HttpError };',
    ],
  },
  apiService: {
    filePath: 'api/src/checkout/boundary-check.ts',
    lines: [
      "import { issueRewardCoupon } from '../cart/coupons.ts';",
      "import { Jobs } from '../infrastructure/jobs/boss.ts';",
      "import { orders } from '../db/schema.ts';",
      "import { loadConfig } from '../config.ts';",
      'export { issueRewardCoupon, Jobs, orders, loadConfig };',
    ],
  },
  contractTypes: {
    filePath: 'shell/src/vitals/contract-check.ts',
    lines: [
      "import type { StoreRoute, VitalsBeacon } from '@store/contract';",
      "import { type CatalogSort } from '@store/contract';",
      'export type { StoreRoute, VitalsBeacon, CatalogSort };',
    ],
  },
  contractValuesInATest: {
    filePath: 'shell/src/vitals/contract-check.test.ts',
    lines: ["import { STORE_ROUTES } from '@store/contract';", 'export { STORE_ROUTES };'],
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

/** The line of every import in a text: each must be refused by `rule` with its message. */
function expectEveryImportRefused(text: LintText, message: RegExp, rule = BOUNDARY) {
  const imports = text.lines.flatMap((line, index) =>
    line.startsWith('import ') ? [index + 1] : [],
  );
  const messages = messagesOf(text);
  expect(messages.filter(({ ruleId }) => ruleId !== rule)).toEqual([]);
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
    [
      'an api service importing a route, a plugin or the app',
      'apiService',
      /services may not import the app \(app.ts, server.ts\) or routes and plugins: imports run routes -> services -> db -> lib/,
    ],
    [
      'an api domain importing a later one, types included (accounts -> cart -> catalog was a cycle)',
      'apiDomain',
      /The api's accounts domain may not import catalog, pricing, cart/,
    ],
    [
      'the api database layer importing a service or a route helper',
      'apiDatabase',
      /the database layer may not import the app .* or services/,
    ],
    [
      "the api's lib importing the database layer or a service",
      'apiLib',
      /lib \(with config.ts\) may not import .* or the database layer/,
    ],
  ])('refuses %s', (_, violation, message) => {
    expectEveryImportRefused(VIOLATIONS[violation], message);
  });

  it.each<[string, Violation]>([
    ['a remote, with a type beside the value or not', 'contractInRemote'],
    ["shared's test fixtures", 'contractInSharedFixtures'],
  ])('refuses a value import of the contract (it would bundle zod) in %s', (_, violation) => {
    expectEveryImportRefused(
      VIOLATIONS[violation],
      /It is the api's zod schemas: a value import would bundle zod into the app\. Take its types with 'import type'\./,
      CONTRACT_VALUES,
    );
  });

  it.each(Object.keys(ALLOWED) as (keyof typeof ALLOWED)[])(
    'reports nothing on the allowed imports of a %s file',
    (allowed) => {
      expect(messagesOf(ALLOWED[allowed])).toEqual([]);
    },
  );
});
