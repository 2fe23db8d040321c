// `npm run bench [-- --quick --sections=page,interaction,api,checkout,download,build,scale
// --strict]` (npm eats `--only`; `npm run bench -w bench -- --only=...` and BENCH_ONLY=... work
// too): benchmarks of the production composition, started here on the bench's own ports. Prints
// a table per section and writes bench/results/latest.json. `scale` and `seller` run only when
// named.
// `--sections=lighthouse`: Lighthouse 13 on seven pages, mobile and desktop presets (only when named).
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EMBEDDED,
  PORTS,
  assertPortsFree,
  createPostgresDatabase,
  ensureBuilt,
  startBenchApi,
  startFrontends,
  stopFrontends,
  type Database,
  type RunningApi,
} from './lib/composition.ts';
import { log, table, type Budget } from './lib/report.ts';
import { apiTable, runApiSection, type ApiRouteResult } from './sections/api.ts';
import { buildTable, runBuildSection, type BuildResult } from './sections/build.ts';
import { checkoutTable, runCheckoutSection, type CheckoutResult } from './sections/checkout.ts';
import { downloadTable, runDownloadSection, type DownloadResult } from './sections/download.ts';
import {
  interactionTables,
  runInteractionSection,
  type InteractionResult,
} from './sections/interaction.ts';
import {
  lighthouseTables,
  runLighthouseSection,
  type LighthouseResult,
} from './sections/lighthouse.ts';
import { pageTables, runPageSection, type PageResult } from './sections/page.ts';
import {
  runSellerSection,
  sellerMissing,
  sellerTables,
  type SellerHarness,
  type SellerResult,
} from './sections/seller.ts';
import {
  runScaleSection,
  scaleMissing,
  scaleTables,
  type ScaleHarness,
  type ScaleResult,
} from './sections/scale.ts';
import { licenseBudgets } from './sections/scale-licenses.ts';

const SECTIONS = [
  'page',
  'interaction',
  'api',
  'checkout',
  'download',
  'build',
  'scale',
  'seller',
  'lighthouse',
] as const;
type Section = (typeof SECTIONS)[number];
// Seeding a million orders and measuring two databases takes minutes, and 42 Lighthouse runs
// about ten; the seller section seeds ten thousand buyers and leaves a backlog of fan-outs:
// only when named.
const NAMED_ONLY: Section[] = ['scale', 'seller', 'lighthouse'];
const DEFAULT_SECTIONS = SECTIONS.filter((name) => !NAMED_ONLY.includes(name));

function parseArgs(argv: string[]) {
  const only = argv.find((arg) => /^--(only|sections)=/.test(arg));
  const wanted = only ? only.split('=')[1]!.split(',').filter(Boolean) : DEFAULT_SECTIONS;
  const unknown = wanted.filter((name) => !SECTIONS.includes(name as Section));
  if (unknown.length) {
    throw new Error(`Unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  }
  return {
    sections: new Set(wanted as Section[]),
    quick: argv.includes('--quick'),
    strict: argv.includes('--strict'),
  };
}

interface Results {
  startedAt: string;
  finishedAt?: string;
  quick: boolean;
  sections: Section[];
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  page?: PageResult;
  interaction?: InteractionResult;
  lighthouse?: LighthouseResult;
  api: ApiRouteResult[];
  checkout: CheckoutResult[];
  download?: DownloadResult;
  build?: BuildResult;
  scale?: ScaleResult;
  seller?: SellerResult;
  skipped: string[];
  errors: { section: string; message: string }[];
  budgets: { section: string; subject: string; limit: string; verdict: Budget['verdict'] }[];
}

/**
 * The root's `npm run bench -- --quick` reaches this script as npm config of the nested
 * `npm run bench -w bench` (npm_config_quick=true), not as arguments; both forms are read, and
 * BENCH_QUICK=1 / BENCH_ONLY=... work everywhere.
 */
function collectArgs(): string[] {
  const args = process.argv.slice(2);
  const env = process.env;
  if (env.npm_config_quick === 'true' || env.BENCH_QUICK === '1') args.push('--quick');
  if (env.npm_config_strict === 'true' || env.BENCH_STRICT === '1') args.push('--strict');
  const only = env.BENCH_ONLY || env.npm_config_only || env.npm_config_sections;
  if (only && !args.some((arg) => /^--(only|sections)=/.test(arg))) args.push(`--only=${only}`);
  return args;
}

const { sections, quick, strict } = parseArgs(collectArgs());
const results: Results = {
  startedAt: new Date().toISOString(),
  quick,
  sections: [...sections],
  machine: {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  api: [],
  checkout: [],
  skipped: [],
  errors: [],
  budgets: [],
};
const printed: string[] = [];

function print(text: string): void {
  printed.push(text);
  process.stdout.write(`${text}\n`);
}

function skip(line: string): void {
  results.skipped.push(line);
  log(`SKIPPED: ${line}`);
}

async function attempt(section: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const message = (error as Error).stack ?? String(error);
    results.errors.push({ section, message });
    log(`ERROR in ${section}: ${message}`);
  }
}

let frontends: Server[] = [];
let api: RunningApi | null = null;
let postgres: Database | null = null;

async function cleanup(): Promise<void> {
  await stopFrontends(frontends).catch(() => {});
  frontends = [];
  await api?.stop().catch(() => {});
  api = null;
  await postgres?.drop().catch((error) => log(`could not drop the bench database: ${error}`));
  postgres = null;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}

async function withApi(database: Database, work: (running: RunningApi) => Promise<void>) {
  log(`starting the api on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
  api = await startBenchApi(database);
  try {
    await work(api);
  } catch (error) {
    log(`api output:\n${api.output()}`);
    throw error;
  } finally {
    await api.stop();
    api = null;
  }
}

/** A fresh PostgreSQL database per `work` (dropped after), and the api on it: scale, seller. */
const freshPostgres: ScaleHarness & SellerHarness = {
  async withPostgres(work) {
    const created = await createPostgresDatabase();
    if (typeof created === 'string') throw new Error(created);
    postgres = created;
    log(`PostgreSQL database ${new URL(created.url!).pathname.slice(1)} created`);
    try {
      await work(created);
    } finally {
      await created.drop();
      postgres = null;
    }
  },
  withApi,
};

const needsApi = ['page', 'interaction', 'lighthouse', 'api', 'checkout', 'download'].some((name) =>
  sections.has(name as Section),
);
await assertPortsFree([
  PORTS.api,
  PORTS.baseline,
  ...(['page', 'interaction', 'lighthouse', 'scale'].some((name) => sections.has(name as Section))
    ? [
        PORTS.shell,
        PORTS['mf-catalog'],
        PORTS['mf-account'],
        PORTS['mf-checkout'],
        PORTS['mf-admin'],
      ]
    : []),
]);
log(
  `sections: ${[...sections].join(', ')}${quick ? ' (quick)' : ''}; ` +
    `${results.machine.cpus} cores, ${results.machine.cpuModel}`,
);

try {
  if (needsApi) {
    await attempt('embedded', () =>
      withApi(EMBEDDED, async (running) => {
        if (sections.has('page')) {
          await attempt('page', async () => {
            ensureBuilt();
            frontends = await startFrontends();
            try {
              results.page = await runPageSection({ quick });
              print(pageTables(results.page));
            } finally {
              await stopFrontends(frontends);
              frontends = [];
            }
          });
        }
        if (sections.has('interaction')) {
          await attempt('interaction', async () => {
            ensureBuilt();
            frontends = await startFrontends();
            try {
              results.interaction = await runInteractionSection({ quick });
              print(interactionTables(results.interaction));
            } finally {
              await stopFrontends(frontends);
              frontends = [];
            }
          });
        }
        if (sections.has('lighthouse')) {
          await attempt('lighthouse', async () => {
            ensureBuilt();
            frontends = await startFrontends();
            try {
              results.lighthouse = await runLighthouseSection({ quick });
              print(lighthouseTables(results.lighthouse));
            } finally {
              await stopFrontends(frontends);
              frontends = [];
            }
          });
        }
        if (sections.has('api')) {
          await attempt('api (embedded)', async () => {
            results.api.push(...(await runApiSection(EMBEDDED, { quick, apiPid: running.pid })));
          });
        }
        if (sections.has('checkout')) {
          await attempt('checkout (embedded)', async () => {
            results.checkout.push(await runCheckoutSection(EMBEDDED, { quick }));
          });
        }
        if (sections.has('download')) {
          await attempt('download', async () => {
            results.download = await runDownloadSection(running);
            if ('skipped' in results.download) skip(results.download.skipped);
            print(downloadTable(results.download));
          });
        }
      }),
    );
  }

  if (sections.has('api') || sections.has('checkout')) {
    const created = await createPostgresDatabase();
    if (typeof created === 'string') {
      skip(`PostgreSQL runs of api and checkout: ${created}`);
    } else {
      postgres = created;
      log(`PostgreSQL database ${new URL(created.url!).pathname.slice(1)} created`);
      await attempt('postgres', () =>
        withApi(created, async (running) => {
          if (sections.has('api')) {
            await attempt('api (postgres)', async () => {
              results.api.push(...(await runApiSection(created, { quick, apiPid: running.pid })));
            });
          }
          if (sections.has('checkout')) {
            await attempt('checkout (postgres)', async () => {
              results.checkout.push(await runCheckoutSection(created, { quick }));
            });
          }
        }),
      );
      await created.drop();
      postgres = null;
    }
  }
  if (results.api.length) print(apiTable(results.api));
  if (results.checkout.length) {
    print(checkoutTable(results.checkout));
    for (const result of results.checkout) {
      for (const line of [...result.firstErrors, ...result.mismatches]) {
        print(`  ${result.database}: ${line}`);
      }
    }
  }

  if (sections.has('scale')) {
    const missing = await scaleMissing();
    if (missing) skip(missing);
    else {
      await attempt('scale', async () => {
        ensureBuilt();
        frontends = await startFrontends();
        try {
          results.scale = await runScaleSection(freshPostgres, { quick });
          print(scaleTables(results.scale));
        } finally {
          await stopFrontends(frontends);
          frontends = [];
        }
      });
    }
  }

  if (sections.has('seller')) {
    const missing = await sellerMissing();
    if (missing) skip(missing);
    else {
      await attempt('seller', async () => {
        results.seller = await runSellerSection(freshPostgres, { quick });
        print(sellerTables(results.seller));
      });
    }
  }

  if (sections.has('build')) {
    await attempt('build', async () => {
      results.build = await runBuildSection();
      print(buildTable(results.build));
    });
  }
} finally {
  await cleanup();
}

// Every budget in one list, for the summary table and the JSON.
const add = (section: string, subject: string, budgets: Record<string, Budget>) => {
  for (const budget of Object.values(budgets)) {
    results.budgets.push({ section, subject, limit: budget.limit, verdict: budget.verdict });
  }
};
for (const figures of results.page?.loads ?? []) {
  add('page', `${figures.page} (${figures.mode})`, figures.budgets);
}
for (const figures of results.interaction?.interactions ?? []) {
  add('interaction', `${figures.interaction} (throttled)`, figures.budgets);
}
for (const figures of results.lighthouse?.pages ?? []) {
  add('lighthouse', `${figures.page} (${figures.preset})`, figures.budgets);
}
for (const result of results.api)
  add('api', `${result.route} [${result.database}]`, result.budgets);
for (const result of results.checkout) add('checkout', result.database, result.budgets);
if (results.download && !('skipped' in results.download)) {
  add('download', results.download.database, results.download.budgets);
}
if (results.build) add('build', 'all five apps', results.build.budgets);
if (results.scale) add('scale', 'seeding', results.scale.seedBudgets);
for (const figures of results.scale?.api ?? []) {
  add('scale', `${figures.route} [${figures.database}]`, figures.budgets);
}
for (const figures of results.scale?.browser ?? []) add('scale', figures.figure, figures.budgets);
for (const figures of results.scale?.reviews.api ?? []) {
  add('scale', `${figures.read} [20,000 reviews beside none]`, figures.budgets);
}
for (const figures of results.scale?.reviews.browser ?? []) {
  add('scale', `${figures.figure} [20,000 reviews beside none]`, figures.budgets);
}
for (const [subject, budgets] of results.scale ? licenseBudgets(results.scale.licenses) : []) {
  add('scale', subject, budgets);
}
if (results.seller)
  add('seller', `one product, ${results.seller.buyers} buyers`, results.seller.budgets);

const judged = results.budgets.filter((budget) => budget.verdict !== '-');
print(
  table('Budgets', [
    ['section', 'subject', 'budget', 'verdict'],
    ...judged.map((budget) => [budget.section, budget.subject, budget.limit, budget.verdict]),
  ]),
);
for (const line of results.skipped) print(`skipped: ${line}`);
for (const error of results.errors)
  print(`error in ${error.section}: ${error.message.split('\n')[0]}`);

results.finishedAt = new Date().toISOString();
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
await mkdir(resultsDir, { recursive: true });
const resultsFile = process.env.BENCH_RESULTS_FILE ?? 'latest.json';
await writeFile(
  path.join(resultsDir, resultsFile),
  `${JSON.stringify({ ...results, report: printed.join('\n') }, null, 2)}\n`,
);
log(`wrote ${path.relative(process.cwd(), path.join(resultsDir, resultsFile))}`);

const failed = judged.filter((budget) => budget.verdict === 'FAIL').length;
log(`${judged.length - failed} budgets pass, ${failed} fail, ${results.errors.length} errors`);
process.exitCode = results.errors.length || (strict && failed) ? 1 : 0;
