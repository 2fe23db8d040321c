// `npm run ab -w bench -- save <name>`: keeps the five apps' current production builds as
// bench/results/ab/<name> (built first when stale).
// `npm run ab -w bench -- compare <a> <b> [--rounds=9] [--local] [--pages=/,/cart]
// [--lighthouse[=mobile|desktop]]`: serves both
// saved builds at once (each on its own ports, one api) and loads each page from each build in
// turn, alternating which goes first, so both see the same minute of the machine.
//
// Why: single page runs here drift by more than a start-up change is worth
// (docs/decisions/0039-interleaved-ab.md); a paired comparison inside each round is what
// resolves such a change.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distOf } from '../scripts/lib/composition.mjs';
import {
  APPS,
  EMBEDDED,
  PORTS,
  assertPortsFree,
  ensureBuilt,
  startBenchApi,
  startFrontends,
  stopFrontends,
  type AppPorts,
} from './lib/composition.ts';
import { auditOnce, type Preset } from './lib/lighthouse-audit.ts';
import { runFigures } from './lib/lighthouse-figures.ts';
import { log, median, ms, table } from './lib/report.ts';
import { benchPages, launchChromium, loadOnce } from './sections/page.ts';

const SAVED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'ab');
const NAME = /^[\w.-]+$/;

interface Variant {
  dir: string;
  shellUrl: string;
  ports: AppPorts;
}

function savedDir(name: string): string {
  if (!NAME.test(name)) throw new Error(`A build's name is letters, digits, . _ -: ${name}`);
  return path.join(SAVED, name);
}

async function save(name: string): Promise<void> {
  ensureBuilt();
  const dir = savedDir(name);
  await rm(dir, { recursive: true, force: true });
  for (const app of APPS) await cp(distOf(app), path.join(dir, app), { recursive: true });
  log(`saved the current builds as ${path.relative(process.cwd(), dir)}`);
}

function variant(name: string, index: number): Variant {
  const dir = savedDir(name);
  const missing = APPS.filter((app) => !existsSync(path.join(dir, app)));
  if (missing.length) throw new Error(`${dir} lacks ${missing.join(', ')}: save it first`);
  // The bench's own ports + 10 per build, apart from a full bench run's.
  const base = PORTS.shell + 10 * (index + 1);
  const ports = Object.fromEntries(APPS.map((app, offset) => [app, base + offset])) as AppPorts;
  return { dir, shellUrl: `http://localhost:${ports.shell}`, ports };
}

interface Paired {
  page: string;
  figure: 'ready' | 'interactive' | 'LCP' | 'TBT' | 'performance';
  a: number[];
  b: number[];
}

/** One row per page and figure: both medians, the median of the rounds' differences. */
function pairedRows(pairs: Paired[], names: [string, string]): string[][] {
  const header = [
    'page',
    'figure',
    `a = ${names[0]}`,
    `b = ${names[1]}`,
    'paired median b - a',
    'rounds b lower',
  ];
  return [
    header,
    ...pairs.map(({ page, figure, a, b }) => {
      const differences = a.map((value, round) => b[round]! - value);
      const difference = median(differences);
      const show = figure === 'performance' ? (value: number) => value.toFixed(0) : ms;
      return [
        page,
        figure,
        show(median(a)),
        show(median(b)),
        `${difference > 0 ? '+' : ''}${show(difference)}`,
        `${differences.filter((value) => value < 0).length} of ${differences.length}`,
      ];
    }),
  ];
}

async function compare(names: [string, string], args: string[]): Promise<void> {
  const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.split('=')[1] ?? 9);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds wants a whole number');
  const throttled = !args.includes('--local');
  const lighthouse = lighthousePreset(args);
  const onlyPages = args
    .find((arg) => arg.startsWith('--pages='))
    ?.split('=')[1]
    ?.split(',');
  const builds = names.map(variant) as [Variant, Variant];
  await assertPortsFree([PORTS.api, ...builds.flatMap((build) => Object.values(build.ports))]);

  const api = await startBenchApi(EMBEDDED, { origins: builds.map((build) => build.shellUrl) });
  const servers: Server[] = [];
  const browser = await launchChromium();
  try {
    for (const { ports, dir } of builds) {
      servers.push(...(await startFrontends({ ports, rootOf: (app) => path.join(dir, app) })));
    }
    const specs = (await benchPages()).filter(
      (spec) => !onlyPages || onlyPages.includes(spec.path),
    );
    if (!specs.length) throw new Error(`--pages names none of the bench's pages`);
    const none = () => null;
    // Throw-away loads warm the servers' file caches, not the browser's.
    for (const build of builds) await loadOnce(browser, specs[0]!, false, none, build.shellUrl);

    const figures = lighthouse
      ? (['performance', 'LCP', 'TBT'] as const)
      : (['ready', 'interactive', 'LCP'] as const);
    const pairs = specs.flatMap((spec) =>
      figures.map((figure) => ({ page: spec.name, figure, a: [], b: [] })),
    ) as Paired[];
    const mode = lighthouse ? `Lighthouse ${lighthouse}` : throttled ? 'throttled' : 'local';
    for (let round = 0; round < rounds; round += 1) {
      log(`round ${round + 1} of ${rounds} (${mode})`);
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const spec of specs) {
        for (const index of order) {
          const { shellUrl } = builds[index]!;
          const side = index === 0 ? 'a' : 'b';
          const measured: Partial<Record<Paired['figure'], number>> = {};
          if (lighthouse) {
            // The page's signed-in context is the page bench's; Lighthouse audits signed out.
            const run = runFigures(await auditOnce(spec.path, null, lighthouse, shellUrl));
            Object.assign(measured, {
              performance: run.scores.performance,
              LCP: run.lcpMs,
              TBT: run.tbtMs,
            });
          } else {
            const load = await loadOnce(browser, spec, throttled, none, shellUrl);
            Object.assign(measured, {
              ready: load.readyMs,
              interactive: load.interactiveMs,
              LCP: load.lcpMs,
            });
          }
          for (const pair of pairs.filter((one) => one.page === spec.name))
            pair[side].push(measured[pair.figure]!);
        }
      }
    }
    const report = table(
      `A/B: a = ${names[0]}, b = ${names[1]}, ${rounds} rounds, ${mode}`,
      pairedRows(pairs, names),
    );
    process.stdout.write(`${report}\n`);
    await mkdir(SAVED, { recursive: true });
    await writeFile(
      path.join(SAVED, `${names[0]}-vs-${names[1]}.json`),
      JSON.stringify({ at: new Date().toISOString(), rounds, throttled, pairs, report }, null, 2),
    );
  } finally {
    await browser.close();
    await stopFrontends(servers);
    await api.stop();
  }
}

/** `--lighthouse` (mobile) or `--lighthouse=desktop`: Lighthouse's figures instead of the page's. */
function lighthousePreset(args: string[]): Preset | null {
  const flag = args.find((arg) => arg === '--lighthouse' || arg.startsWith('--lighthouse='));
  if (!flag) return null;
  const preset = flag.split('=')[1] ?? 'mobile';
  if (preset !== 'mobile' && preset !== 'desktop') {
    throw new Error('--lighthouse takes mobile or desktop');
  }
  return preset;
}

const [command, ...rest] = process.argv.slice(2);
const names = rest.filter((arg) => !arg.startsWith('--'));
try {
  if (command === 'save' && names.length === 1) await save(names[0]!);
  else if (command === 'compare' && names.length === 2)
    await compare(names as [string, string], rest);
  else {
    process.stderr.write(
      'usage: npm run ab -w bench -- save <name>\n' +
        '       npm run ab -w bench -- compare <a> <b> [--rounds=9] [--local] [--pages=/,/cart]\n' +
        '                                            [--lighthouse[=mobile|desktop]]\n',
    );
    process.exitCode = 2;
  }
} catch (error) {
  process.stderr.write(`ab: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
