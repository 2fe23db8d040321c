/**
 * Writes docs/settings.md from the api's settings (src/settings.ts):
 *
 *   npm run docs:settings -w api      (node api/scripts/settings-doc.ts)
 *
 * test/settings-doc.test.ts renders the page the same way and fails when the committed one differs.
 * Tables come out aligned as prettier aligns them, so `prettier --check` leaves the page alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultOf, type SettingSpec } from '../src/lib/env-settings.ts';
import { SECTIONS } from '../src/settings.ts';

export const SETTINGS_DOC = path.resolve(import.meta.dirname, '..', '..', 'docs', 'settings.md');

/** Variables `.env.example` holds for docker-compose and the shell: the api never reads them. */
export const OUTSIDE_THE_API: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD:
    "password of compose's PostgreSQL; compose builds the api's `DATABASE_URL` from it",
  MINIO_ROOT_USER:
    "compose's MinIO administrator, used only by its `minio-setup` step to create the bucket and the api's user",
  MINIO_ROOT_PASSWORD: 'its password',
  STRIPE_PUBLISHABLE_KEY:
    "the shell's key for Stripe's embedded Checkout (`pk_test_...` or `pk_live_...`), set with `STRIPE_SECRET_KEY`",
  REMOTE_CATALOG_URL:
    "where browsers load the catalog remote's `mf-manifest.json`; `REMOTE_ACCOUNT_URL`, `REMOTE_CHECKOUT_URL` and `REMOTE_ADMIN_URL` likewise",
  MF_CATALOG_VERSION:
    'image version of the catalog remote, so one remote can be rolled forward or back alone; `MF_ACCOUNT_VERSION`, `MF_CHECKOUT_VERSION` and `MF_ADMIN_VERSION` likewise',
};

const INTRO = `# Settings

<!-- Written by \`npm run docs:settings -w api\` from api/src/settings.ts: edit that file, not this one. -->

The api takes its settings from environment variables, listed here by section. Each value is
checked at start (whole numbers and their ranges, \`true\`/\`false\`, URLs and their schemes, the
listed choices, lengths of secrets): a bad one stops the start with one line on stderr,
\`Configuration error: <SETTING> ...\`, and exit code 1 (URL values are never repeated: they may
hold passwords). An empty value counts as unset (compose passes \`\${NAME:-}\`).
[\`.env.example\`](../.env.example) lists every variable with its default.

**default** is the value in development and tests; **production** is what \`NODE_ENV=production\`
changes: a setting it requires, or a default of its own (empty: the same).
`;

function shown(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return 'none';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

function defaultColumn(spec: SettingSpec<unknown, unknown>): string {
  if (spec.shownDefault) return spec.shownDefault;
  const development = shown(defaultOf(spec, 'development'));
  const test = shown(defaultOf(spec, 'test'));
  return test === development ? development : `${development} (tests: ${test})`;
}

function productionColumn(spec: SettingSpec<unknown, unknown>): string {
  if (spec.production) return spec.production;
  const production = shown(defaultOf(spec, 'production'));
  return production === shown(defaultOf(spec, 'development')) ? '' : production;
}

/** A Markdown table with its columns padded to their widest cell, as prettier writes it. */
function table(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = header.map((_, column) =>
    Math.max(3, ...cells.map((row) => [...row[column]!].length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head!), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}

export function renderSettingsDoc(): string {
  const sections = SECTIONS.map((section) => {
    const rows = Object.entries(section.settings).map(([name, spec]) => [
      `\`${name}\``,
      defaultColumn(spec),
      productionColumn(spec),
      spec.about,
    ]);
    const intro = section.intro ? `${section.intro}\n\n` : '';
    const header = ['variable', 'default', 'production', 'description'];
    return `## ${section.title}\n\n${intro}${table(header, rows)}\n`;
  });
  const outside = table(
    ['variable', 'description'],
    Object.entries(OUTSIDE_THE_API).map(([name, about]) => [`\`${name}\``, about]),
  );
  return [
    INTRO,
    ...sections,
    `## Not read by the api\n\n\`.env.example\` also holds these, for docker-compose and the shell.\n\n${outside}\n`,
  ].join('\n');
}

if (import.meta.main) {
  fs.writeFileSync(SETTINGS_DOC, renderSettingsDoc());
  console.log(`wrote ${path.relative(process.cwd(), SETTINGS_DOC)}`);
}
