import autocannon, { type Options, type Result as AutocannonResult } from 'autocannon';
import type { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PORTS, POSTGRES_ADMIN_URL, type Database, type RunningApi } from '../lib/composition.ts';
import { check, log, ms, num, table, type Budget } from '../lib/report.ts';
import { seedBuyers } from '../lib/seller-seed.ts';
import { ADMIN, callJson, login, type Session } from '../lib/store-api.ts';

/**
 * The seller's side at size: one product with BUYERS buyers on PostgreSQL, then an edit that
 * puts up a new file and mails them. Measured: how long the edit's request takes (the
 * fan-out must not be in it), how the public catalog answers while the fan-out runs, and how
 * long until every buyer's mail is queued.
 */
const BUYERS = 10_000;
const CATEGORY = 'digital-art';
const CONNECTIONS = 10;
const PUTS = 20;
const PUT_P99_MS = 200;
const CATALOG_P99_MS = 50;
const QUEUED_LIMIT_S = 60;
const POLL_MS = 100;
// 1x1 PNG: the api sniffs the preview's type.
const PREVIEW =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Fresh PostgreSQL databases and the api on each, lent by run.ts (which cleans up). */
export interface SellerHarness {
  withPostgres(work: (database: Database) => Promise<void>): Promise<void>;
  withApi(database: Database, work: (api: RunningApi) => Promise<void>): Promise<void>;
}

/** Why the section cannot run (PostgreSQL does not answer), or null. */
export async function sellerMissing(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `seller needs PostgreSQL (not reachable at ${POSTGRES_ADMIN_URL}: ${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface LoadFigures {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  seconds: number;
  errors: number;
  non2xx: number;
}

export interface SellerResult {
  buyers: number;
  seedSeconds: number;
  buyersAnswered: number;
  /** The category page with nothing else running. */
  catalogIdle: LoadFigures;
  /** The same while the fan-out runs (from the edit until every mail is queued). */
  catalogDuringFanOut: LoadFigures;
  /** The same while the queued mails are delivered (to the outbox), up to a minute. */
  catalogDuringDelivery: LoadFigures;
  /** From sending the edit until the last mail job of its version exists. */
  queuedSeconds: number;
  mailsQueued: number;
  deliveredSeconds: number;
  /** The edit with a new file and notifyBuyers, PUTS times, one after another. */
  put: { runs: number; p50Ms: number; p99Ms: number; maxMs: number; firstMs: number };
  budgets: Record<string, Budget>;
}

/** autocannon's callback form answers the running instance, which can be stopped. */
const start = autocannon as unknown as (
  options: Options,
  done: (error: Error | null, result: AutocannonResult) => void,
) => EventEmitter & { stop(): void };

/** Loads the category page until `until` resolves (or for `seconds`). */
async function loadCatalog(until: Promise<unknown> | number): Promise<LoadFigures> {
  const started = performance.now();
  let instance: ReturnType<typeof start> | undefined;
  const finished = new Promise<AutocannonResult>((resolve, reject) => {
    instance = start(
      {
        url: `http://127.0.0.1:${PORTS.api}/api/products/category/${CATEGORY}`,
        connections: CONNECTIONS,
        duration: typeof until === 'number' ? until : 600,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  if (typeof until !== 'number') {
    await until.finally(() => instance?.stop());
  }
  const result = await finished;
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    seconds: (performance.now() - started) / 1000,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** The mail jobs of one file version (finished ones stay two minutes), and how many are done. */
async function mailJobsOf(client: pg.Client, productId: string, version: number) {
  const { rows } = await client.query<{ queued: number; delivered: number }>(
    `select count(*)::int as queued,
        count(*) filter (where state = 'completed')::int as delivered
      from pgboss.job where name = 'mail' and data->>'key' like $1`,
    [`update:${productId}:${version}:%`],
  );
  return rows[0]!;
}

async function latestVersion(client: pg.Client, productId: string): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    'select max(version)::int as version from product_files where product_id = $1',
    [productId],
  );
  return rows[0]!.version;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function editBody(product: Product, text: string) {
  return {
    name: product.name,
    description: 'A product with ten thousand buyers.',
    price: 9.99,
    categoryId: product.categoryId,
    assetTypeId: product.assetTypeId,
    originalAsset: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`,
    fileName: 'brushes.txt',
    notifyBuyers: true,
    releaseNote: `Version "${text}": new brushes and fixed edges.`,
  };
}

interface Product {
  id: string;
  name: string;
  categoryId: string;
  assetTypeId: string;
}

async function createProduct(admin: Session): Promise<Product> {
  const { data } = await callJson<{
    data: { categories: Array<{ id: string; name: string }>; assetTypes: Array<{ id: string }> };
  }>('GET', '/api/dropdown/all');
  const category = data.categories.find((item) => item.name === CATEGORY)!;
  const fields = {
    name: 'Bench Brush Pack',
    categoryId: category.id,
    assetTypeId: data.assetTypes[0]!.id,
  };
  const created = await callJson<{ id: string }>('POST', '/api/products', {
    session: admin,
    body: {
      ...fields,
      description: 'A product with ten thousand buyers.',
      price: 9.99,
      previewImage: PREVIEW,
      originalAsset: `data:text/plain;base64,${Buffer.from('first').toString('base64')}`,
      fileName: 'brushes.txt',
    },
  });
  return { id: created.id, ...fields };
}

/** One edit, timed from the request to its answer. */
async function timedEdit(admin: Session, product: Product, text: string): Promise<number> {
  const started = performance.now();
  await callJson('PUT', `/api/products/${product.id}`, {
    session: admin,
    body: editBody(product, text),
  });
  return performance.now() - started;
}

export async function runSellerSection(
  harness: SellerHarness,
  { quick }: { quick: boolean },
): Promise<SellerResult> {
  let result: SellerResult | undefined;
  await harness.withPostgres((database) =>
    harness.withApi(database, async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const admin = await login(ADMIN.email, ADMIN.password);
        const product = await createProduct(admin);
        log(`seller: seeding ${BUYERS.toLocaleString('en-US')} buyers of one product`);
        const seed = await seedBuyers(database.url!, product.id, BUYERS);
        log(`seller: seeded in ${seed.seconds.toFixed(1)} s`);
        const { buyers } = await callJson<{ buyers: number }>(
          'GET',
          `/api/products/${product.id}/buyers`,
          { session: admin },
        );

        log(`seller: the category page, ${CONNECTIONS} connections, nothing else running`);
        await loadCatalog(1);
        const catalogIdle = await loadCatalog(quick ? 2 : 4);

        log('seller: one edit with a new file and notifyBuyers, the category page under load');
        let firstMs = Number.NaN;
        let queuedAt = Number.NaN;
        let mailsQueued = 0;
        let version = 0;
        let editStarted = 0;
        const fanOut = (async () => {
          // The load is already running when the edit goes out.
          await sleep(500);
          editStarted = performance.now();
          firstMs = await timedEdit(admin, product, 'second');
          version = await latestVersion(client, product.id);
          for (;;) {
            mailsQueued = (await mailJobsOf(client, product.id, version)).queued;
            if (mailsQueued >= buyers) break;
            if (performance.now() - editStarted > 2 * QUEUED_LIMIT_S * 1000) {
              throw new Error(`only ${mailsQueued} of ${buyers} mails queued after 120 s`);
            }
            await sleep(POLL_MS);
          }
          queuedAt = performance.now() - editStarted;
        })();
        const catalogDuringFanOut = await loadCatalog(fanOut);
        await fanOut;
        log(`seller: ${mailsQueued} mails queued in ${(queuedAt / 1000).toFixed(1)} s`);

        log('seller: the category page while the mails are delivered (a minute at most)');
        let deliveredSeconds = Number.NaN;
        const delivery = (async () => {
          for (;;) {
            const { delivered } = await mailJobsOf(client, product.id, version);
            if (delivered >= mailsQueued) break;
            if (performance.now() - editStarted > queuedAt + 60_000) return;
            await sleep(500);
          }
          deliveredSeconds = (performance.now() - editStarted) / 1000;
        })();
        const catalogDuringDelivery = await loadCatalog(delivery);

        log(`seller: ${PUTS} edits with a new file, one after another (fan-outs queue up)`);
        const times: number[] = [];
        for (let run = 0; run < PUTS; run += 1) {
          times.push(await timedEdit(admin, product, run % 2 ? 'small file a' : 'small file b'));
        }
        const put = {
          runs: times.length,
          p50Ms: percentile(times, 0.5),
          p99Ms: percentile(times, 0.99),
          maxMs: Math.max(...times),
          firstMs,
        };
        const loadErrors = [catalogIdle, catalogDuringFanOut, catalogDuringDelivery].reduce(
          (sum, figures) => sum + figures.errors + figures.non2xx,
          0,
        );
        result = {
          buyers: seed.buyers,
          seedSeconds: seed.seconds,
          buyersAnswered: buyers,
          catalogIdle,
          catalogDuringFanOut,
          catalogDuringDelivery,
          queuedSeconds: queuedAt / 1000,
          mailsQueued,
          deliveredSeconds,
          put,
          budgets: {
            buyers: check(buyers === BUYERS, `buyers count = ${BUYERS}`),
            put: check(put.p99Ms < PUT_P99_MS, `edit p99 < ${PUT_P99_MS} ms`),
            catalog: check(
              catalogDuringFanOut.p99Ms < CATALOG_P99_MS,
              `catalog p99 during fan-out < ${CATALOG_P99_MS} ms`,
            ),
            queued: check(
              mailsQueued === buyers && queuedAt / 1000 < QUEUED_LIMIT_S,
              `every mail queued < ${QUEUED_LIMIT_S} s`,
            ),
            errors: check(loadErrors === 0, '0 errors'),
          },
        };
      } finally {
        await client.end();
      }
    }),
  );
  return result!;
}

const load = (figures: LoadFigures) => [
  ms(figures.p50Ms),
  ms(figures.p99Ms),
  num(figures.requestsPerSecond),
  num(figures.seconds, 1),
  String(figures.errors + figures.non2xx),
];

export function sellerTables(result: SellerResult): string {
  const verdicts = Object.values(result.budgets)
    .map((budget) => `${budget.verdict} ${budget.limit}`)
    .join('; ');
  const summary = table(
    `Seller: one product, ${result.buyers.toLocaleString('en-US')} buyers (PostgreSQL; seeded ` +
      `in ${result.seedSeconds.toFixed(1)} s); ${verdicts}`,
    [
      ['figure', 'value', 'budget'],
      ['buyers an update mail reaches (GET .../buyers)', String(result.buyersAnswered), ''],
      [
        `edit with a new file + notifyBuyers, ${result.put.runs} runs: p50`,
        ms(result.put.p50Ms),
        '',
      ],
      ['  p99 (nearest rank: the slowest of 20)', ms(result.put.p99Ms), `< ${PUT_P99_MS} ms`],
      ['  the edit measured during the catalog load', ms(result.put.firstMs), ''],
      [
        `every mail of one update queued (${result.mailsQueued.toLocaleString('en-US')} jobs)`,
        `${result.queuedSeconds.toFixed(1)} s`,
        `< ${QUEUED_LIMIT_S} s`,
      ],
      [
        'every mail of it delivered (outbox), from the edit',
        Number.isFinite(result.deliveredSeconds)
          ? `${result.deliveredSeconds.toFixed(1)} s`
          : '> 60 s',
        '',
      ],
    ],
  );
  const catalog = table(
    `Seller: GET /api/products/category/${CATEGORY}, ${CONNECTIONS} connections`,
    [
      ['while', 'p50', 'p99', 'req/s', 'seconds', 'errors', 'budget'],
      ['nothing else runs', ...load(result.catalogIdle), ''],
      ['the fan-out runs', ...load(result.catalogDuringFanOut), `p99 < ${CATALOG_P99_MS} ms`],
      ['the mails are delivered', ...load(result.catalogDuringDelivery), ''],
    ],
  );
  return [summary, catalog].join('\n');
}
