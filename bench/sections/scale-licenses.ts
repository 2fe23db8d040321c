/**
 * The scale section's license keys, on the scale database with its million keys: the public
 * validate call at 50 connections, a new seeded key each request, beside the heavy shopper's
 * signed-in `GET /api/cart` in the same run; then 50 activations of one key sent at once,
 * which must end with exactly its limit of activations.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Options, type Result as AutocannonResult } from 'autocannon';
import pg from 'pg';
import { API_URL, PORTS } from '../lib/composition.ts';
import { request } from '../lib/http-request.ts';
import { processCpuMs } from '../lib/process-cpu.ts';
import { check, log, median, ms, num, p99Beside, table, type Budget } from '../lib/report.ts';
import {
  LICENSES,
  licenseVault,
  scaleLicenseKey,
  type LicenseSeedResult,
} from '../lib/scale-license-seed.ts';
import { HEAVY_SHOPPER } from '../lib/scale-seed.ts';
import { login, type Session } from '../lib/store-api.ts';

const CONNECTIONS = 50;
/** Validate's p99 may be this many times the cart's, measured beside it. */
const RATIO = 1.5;
/** Cart and validate take turns this many times (`--quick` once); the medians are kept. */
const PAIRS = 3;
const ACTIVATIONS = 50;
/** Seeding the million keys, on top of the scale seed's own budget. */
const SEED_LIMIT_S = 60;
/** Key 1 takes the activations; the load validates the others. */
const ACTIVATED_KEY = 1;

export interface LicenseLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** The api process's CPU time per answer, in microseconds (PostgreSQL's not included). */
  apiCpuMicros: number;
}

export interface ActivationFigures {
  sent: number;
  created: number;
  refused: number;
  /** Answers other than 201 and 409, by status (0: no answer). */
  other: Record<string, number>;
  /** Activations of the key in the database afterwards. */
  counted: number;
  budgets: Record<string, Budget>;
}

export interface ScaleLicensesResult {
  seed: LicenseSeedResult;
  seedBudgets: Record<string, Budget>;
  /** What validate answered a seeded key before the load, e.g. `200 valid=false active`. */
  sample: string;
  rounds: { cart: LicenseLoad; validate: LicenseLoad }[];
  /** The rounds' medians (errors and non-2xx: their sums). */
  cart: LicenseLoad;
  validate: LicenseLoad;
  loadBudgets: Record<string, Budget>;
  activation: ActivationFigures;
}

interface BuiltRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** autocannon's requests may rewrite the body too (bench/types declares only the path). */
const withBodies = autocannon as unknown as (
  options: Omit<Options, 'requests'> & {
    requests?: Array<{ setupRequest: (request: BuiltRequest) => BuiltRequest }>;
  },
) => Promise<AutocannonResult>;

const greatestDivisor = (a: number, b: number): number => (b ? greatestDivisor(b, a % b) : a);

/**
 * Every seeded key but the activated one, each once, in a scattered order: a stride through
 * them prime to their count, from a fixed start.
 */
function keyDraws(keys: number): () => string {
  const count = keys - 1;
  let stride = Math.max(1, Math.floor(count * 0.618));
  while (greatestDivisor(stride, count) !== 1) stride += 1;
  let index = Math.floor(count * 0.2026);
  return () => {
    index = (index + stride) % count;
    return scaleLicenseKey(ACTIVATED_KEY + 1 + index);
  };
}

const validateBody = (key: string) => JSON.stringify({ key, instanceId: randomUUID() });

/** One load, with the api's CPU time it took. */
async function measured(apiPid: number, load: () => Promise<AutocannonResult>) {
  const cpuBefore = await processCpuMs(apiPid);
  const result = await load();
  const cpuMs = (await processCpuMs(apiPid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    apiCpuMicros: (cpuMs * 1000) / result.requests.total,
  };
}

const URL_BASE = `http://127.0.0.1:${PORTS.api}`;

function loadCart(apiPid: number, session: Session, seconds: number): Promise<LicenseLoad> {
  return measured(apiPid, () =>
    autocannon({
      url: `${URL_BASE}/api/cart`,
      headers: { cookie: session.cookie },
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
    }),
  );
}

/** As the buyer's software calls it: no cookie, no origin, a key it holds and an instance id. */
function loadValidate(
  apiPid: number,
  nextKey: () => string,
  seconds: number,
): Promise<LicenseLoad> {
  return measured(apiPid, () =>
    withBodies({
      url: `${URL_BASE}/api/licenses/validate`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: validateBody(nextKey()),
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      requests: [{ setupRequest: (built) => ({ ...built, body: validateBody(nextKey()) }) }],
    }),
  );
}

async function describeValidate(key: string): Promise<string> {
  const response = await request(`${API_URL}/api/licenses/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: validateBody(key),
  });
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { valid?: boolean; status?: string; message?: string };
    return `${response.status} ${
      body.status ? `valid=${body.valid} ${body.status}` : (body.message ?? text.slice(0, 60))
    }`;
  } catch {
    return `${response.status} ${text.slice(0, 60)}`;
  }
}

const medianOf = (loads: LicenseLoad[], figure: keyof LicenseLoad) =>
  median(loads.map((load) => load[figure]));
const sumOf = (loads: LicenseLoad[], figure: keyof LicenseLoad) =>
  loads.reduce((sum, load) => sum + load[figure], 0);

function summary(loads: LicenseLoad[]): LicenseLoad {
  return {
    requestsPerSecond: medianOf(loads, 'requestsPerSecond'),
    p50Ms: medianOf(loads, 'p50Ms'),
    p99Ms: medianOf(loads, 'p99Ms'),
    errors: sumOf(loads, 'errors'),
    non2xx: sumOf(loads, 'non2xx'),
    requests: sumOf(loads, 'requests'),
    apiCpuMicros: medianOf(loads, 'apiCpuMicros'),
  };
}

/** Every request at once, each with its own fingerprint; then the key's activations counted. */
async function activateAtOnce(url: string): Promise<ActivationFigures> {
  const key = scaleLicenseKey(ACTIVATED_KEY);
  const statuses = await Promise.all(
    Array.from({ length: ACTIVATIONS }, (_, index) =>
      request(`${API_URL}/api/licenses/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key,
          instanceName: `Bench device ${index + 1}`,
          fingerprint: `bench-fingerprint-${index + 1}`,
        }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      ),
    ),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let counted: number;
  try {
    const { rows } = await client.query<{ counted: number }>(
      `select count(*)::int as counted
        from license_activations a join license_keys k on k.id = a.license_id
        where k.lookup_hash = $1`,
      [licenseVault().lookupHash(key)],
    );
    counted = rows[0]!.counted;
  } finally {
    await client.end();
  }
  const created = statuses.filter((status) => status === 201).length;
  const refused = statuses.filter((status) => status === 409).length;
  const other: Record<string, number> = {};
  for (const status of statuses) {
    if (status !== 201 && status !== 409) other[status] = (other[status] ?? 0) + 1;
  }
  const limit = LICENSES.activationLimit;
  return {
    sent: ACTIVATIONS,
    created,
    refused,
    other,
    counted,
    budgets: {
      exact: check(
        created === limit && counted === limit && refused === ACTIVATIONS - limit,
        `${limit} activations (201, counted), ${ACTIVATIONS - limit} answers 409`,
      ),
    },
  };
}

/** The seeded keys under load beside the cart, then the activations at the limit. */
export async function measureLicenses(
  seed: LicenseSeedResult,
  { url, apiPid }: { url: string; apiPid: number },
  { quick }: { quick: boolean },
): Promise<ScaleLicensesResult> {
  const seconds = quick ? 2 : 4;
  const pairs = quick ? 1 : PAIRS;
  const nextKey = keyDraws(seed.keys);
  const sample = await describeValidate(nextKey());
  // A fresh session: access tokens live 15 minutes.
  const session = await login(HEAVY_SHOPPER.email, HEAVY_SHOPPER.password);
  log(`scale licenses: warm-up, then ${pairs} x (cart, validate), ${CONNECTIONS} connections`);
  await loadCart(apiPid, session, 1);
  await loadValidate(apiPid, nextKey, 1);
  const rounds: ScaleLicensesResult['rounds'] = [];
  for (let round = 0; round < pairs; round += 1) {
    // Alternating which goes first, so neither always meets the other's leftovers.
    if (round % 2) {
      const validate = await loadValidate(apiPid, nextKey, seconds);
      rounds.push({ validate, cart: await loadCart(apiPid, session, seconds) });
    } else {
      const cart = await loadCart(apiPid, session, seconds);
      rounds.push({ cart, validate: await loadValidate(apiPid, nextKey, seconds) });
    }
  }
  const cart = summary(rounds.map((pair) => pair.cart));
  const validate = summary(rounds.map((pair) => pair.validate));
  const clean = (load: LicenseLoad) => load.errors === 0 && load.non2xx === 0;
  log(`scale licenses: ${ACTIVATIONS} activations of one key at once`);
  const activation = await activateAtOnce(url);
  return {
    seed,
    seedBudgets: { time: check(seed.seconds < SEED_LIMIT_S, `seeding < ${SEED_LIMIT_S} s`) },
    sample,
    rounds,
    cart,
    validate,
    loadBudgets: {
      p99: p99Beside(validate.p99Ms, cart.p99Ms, RATIO, "GET /api/cart's"),
      errors: check(clean(validate) && clean(cart), '0 errors, 0 non-2xx'),
    },
    activation,
  };
}

const verdicts = (budgets: Record<string, Budget>) =>
  Object.values(budgets)
    .filter((budget) => budget.verdict !== '-')
    .map((budget) => `${budget.verdict} ${budget.limit}`)
    .join('; ') || '-';

/** The section's budgets by subject, for run.ts's summary. */
export function licenseBudgets(result: ScaleLicensesResult): [string, Record<string, Budget>][] {
  const keys = `${result.seed.keys.toLocaleString('en-US')} license keys`;
  return [
    [`seeding ${keys}`, result.seedBudgets],
    [`POST /api/licenses/validate beside GET /api/cart [${keys}]`, result.loadBudgets],
    [`${ACTIVATIONS} activations of one key at once`, result.activation.budgets],
  ];
}

export function licensesTables(result: ScaleLicensesResult): string {
  const { seed, activation } = result;
  const keys = seed.keys.toLocaleString('en-US');
  const seeded = table(
    `Scale: license keys seed (set-based): ${keys} keys, ${seed.seconds.toFixed(1)} s, ` +
      `${seed.checked} found by the api's hash; ${verdicts(result.seedBudgets)}`,
    [
      ['step', 'rows', 'seconds'],
      ...seed.steps.map((step) => [
        step.step,
        step.rows ? step.rows.toLocaleString('en-US') : '',
        step.seconds.toFixed(1),
      ]),
    ],
  );
  const row = (name: string, load: LicenseLoad, budgets: string) => [
    name,
    ms(load.p50Ms),
    ms(load.p99Ms),
    num(load.requestsPerSecond),
    num(load.apiCpuMicros),
    load.requests.toLocaleString('en-US'),
    String(load.errors),
    String(load.non2xx),
    budgets,
  ];
  const load = table(
    `Scale: license keys, api, ${CONNECTIONS} connections, medians of ${result.rounds.length} ` +
      `turns (errors, non-2xx and requests: sums; api CPU: the api process's per answer, ` +
      `PostgreSQL's aside); validate: a new seeded key and instance ` +
      `each request (answer: ${result.sample})`,
    [
      ['route', 'p50', 'p99', 'req/s', 'api CPU µs', 'requests', 'errors', 'non-2xx', 'budgets'],
      row('GET /api/cart (heavy shopper)', result.cart, '-'),
      row('POST /api/licenses/validate', result.validate, verdicts(result.loadBudgets)),
      ...result.rounds.map((pair, index) => [
        `  turn ${index + 1}: validate / cart`,
        '',
        `${ms(pair.validate.p99Ms)} / ${ms(pair.cart.p99Ms)}`,
        `${num(pair.validate.requestsPerSecond)} / ${num(pair.cart.requestsPerSecond)}`,
        `${num(pair.validate.apiCpuMicros)} / ${num(pair.cart.apiCpuMicros)}`,
        '',
        '',
        '',
        '',
      ]),
    ],
  );
  const others = Object.entries(activation.other)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
  const activations = table(
    `Scale: ${activation.sent} activations of one key sent at once ` +
      `(limit ${LICENSES.activationLimit}, a fingerprint each)`,
    [
      ['201', '409', 'other', 'activations counted', 'budget'],
      [
        String(activation.created),
        String(activation.refused),
        others || '0',
        String(activation.counted),
        verdicts(activation.budgets),
      ],
    ],
  );
  return [seeded, load, activations].join('\n');
}
