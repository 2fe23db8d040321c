// `npm run test:soak`: mixed traffic from 100 virtual shoppers and an admin against the api on
// loopback for SOAK_SECONDS (default 300), then zero 5xx, no memory growth trend and a
// consistent database are required. Not part of `npm test`: it takes minutes by design.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPglite } from '../api/src/db/pglite.ts';
import {
  assertPortsFree,
  createPostgresDatabase,
  EMBEDDED,
  PORTS,
  startBenchApi,
  type Database,
} from './lib/composition.ts';
import { log, mib, num, table } from './lib/report.ts';
import { ADMIN, categoryProducts, createShoppers, login, callJson } from './lib/store-api.ts';
import { checkInvariants, type Query } from './soak/invariants.ts';
import { rssOf, slopePerMinute, type Sample } from './soak/memory.ts';
import { adminLoop, shopperLoop, Tally } from './soak/traffic.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SHOPPERS = Number(process.env.SOAK_SHOPPERS ?? 100);
// RSS settles once caches, pools and JIT warm up; the trend is judged after that.
const WARM_UP_FRACTION = 0.25;
const MAX_SLOPE_MIB_PER_MIN = 4;

await assertPortsFree([PORTS.api]);
const created = await createPostgresDatabase();
const database: Database = typeof created === 'string' ? EMBEDDED : created;
if (typeof created === 'string') {
  log(`PostgreSQL unavailable (${created}); the soak runs on the embedded database`);
}
const api = await startBenchApi(database);
let exitCode: number;
try {
  const slugs = ['digital-art', 'photography', '3d-models', 'fonts', 'templates', 'audio-music'];
  const products = (await Promise.all(slugs.map((slug) => categoryProducts(slug)))).flat();
  const { data } = await callJson<{
    data: { categories: { id: string }[]; assetTypes: { id: string }[] };
  }>('GET', '/api/dropdown/all');
  log(`soak (${database.kind}): creating ${SHOPPERS} shoppers`);
  const shoppers = await createShoppers(SHOPPERS, `soak-${randomBytes(3).toString('hex')}`);
  const admin = await login(ADMIN.email, ADMIN.password);

  const tally = new Tally();
  const samples: Sample[] = [];
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const sampler = (async () => {
    while (Date.now() < until) {
      samples.push({ seconds: (Date.now() - started) / 1000, rss: await rssOf(api.pid) });
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  log(`soak: ${SECONDS} s of traffic`);
  await Promise.all([
    ...shoppers.map((session) => shopperLoop(tally, session, { slugs, products }, until)),
    adminLoop(
      tally,
      admin,
      { products, categoryId: data.categories[0]!.id, assetTypeId: data.assetTypes[0]!.id },
      until,
    ),
    sampler,
  ]);
  const elapsed = (Date.now() - started) / 1000;

  const settled = samples.filter((sample) => sample.seconds >= SECONDS * WARM_UP_FRACTION);
  const slope = slopePerMinute(settled) / (1024 * 1024);
  // The embedded database admits one process: the checks run after the api has stopped.
  await api.stop({ keepData: true });
  const invariants = await withSql(database, api.dataDir, checkInvariants);

  const rows = [...tally.counts].sort().map(([key, count]) => [key, num(count)]);
  console.log(table('Answers by action and status class', [['action status', 'count'], ...rows]));
  const verdicts = [
    ['requests', num(tally.requests), `${num(tally.requests / elapsed)} req/s`],
    ['5xx or network errors', num(tally.serverErrors), tally.serverErrors === 0 ? 'PASS' : 'FAIL'],
    [
      'api RSS (start → end)',
      `${mib(samples[0]?.rss ?? 0)} → ${mib(samples.at(-1)?.rss ?? 0)}`,
      '-',
    ],
    [
      `RSS trend after warm-up (max ${MAX_SLOPE_MIB_PER_MIN} MiB/min)`,
      `${slope.toFixed(2)} MiB/min`,
      slope <= MAX_SLOPE_MIB_PER_MIN ? 'PASS' : 'FAIL',
    ],
    [
      `database invariants (${invariants.checks} rules)`,
      `${invariants.broken.length} broken, ${num(invariants.completedOrders)} completed orders`,
      invariants.broken.length === 0 ? 'PASS' : 'FAIL',
    ],
  ];
  console.log(
    table(`Soak (${database.kind}, ${SHOPPERS} shoppers + admin, ${Math.round(elapsed)} s)`, [
      ['figure', 'value', 'verdict'],
      ...verdicts,
    ]),
  );
  for (const line of tally.failures) console.log(`  failure: ${line}`);
  for (const broken of invariants.broken) console.log(`  broken: ${broken.rule} (${broken.rows})`);
  exitCode = verdicts.some((row) => row[2] === 'FAIL') ? 1 : 0;
} finally {
  await api.stop();
  await rm(api.dataDir, { recursive: true, force: true });
  if (database.kind === 'postgres') await database.drop();
}
process.exit(exitCode);

/** Runs the checks over SQL, on PostgreSQL or on the stopped api's embedded database files. */
async function withSql<T>(
  db: Database,
  dataDir: string,
  run: (query: Query) => Promise<T>,
): Promise<T> {
  if (!db.url) {
    const embedded = await createPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await run((sql) => embedded.query(sql));
    } finally {
      await embedded.close();
    }
  }
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    return await run((sql) => pool.query(sql));
  } finally {
    await pool.end();
  }
}
