import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { stopProcess } from '../../scripts/lib/composition.mjs';
import { API_URL, PORTS, SHELL_URL, type Database } from '../lib/composition.ts';
import { processCpuMs } from '../lib/process-cpu.ts';
import { check, log, median, ms, num, p99Beside, pct, table, type Budget } from '../lib/report.ts';
import { SHOPPER, call, categoryProducts, login, type Session } from '../lib/store-api.ts';

const BASELINE_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../lib/baseline-server.mjs',
);
export const CATEGORY = 'digital-art';
const CONNECTIONS = 50;
/**
 * Ceiling and api runs alternate this many times per route: on this shared machine the ceiling
 * of the same bytes moved between 13k and 21k req/s within minutes, so one pair could put a
 * route anywhere between 38% and 80% of it.
 */
const PAIRS = 3;
/** A product page's p99 may be this many times the category page's in the same run. */
const PRODUCT_PAGE_P99_RATIO = 1.5;

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn: boolean;
  body?: string;
  /** The route measured before it whose p99 bounds this one's (instead of the ceiling's budgets). */
  beside?: string;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface ApiRouteResult {
  database: Database['kind'];
  route: string;
  api: LoadFigures;
  baseline: LoadFigures;
  ratio: number;
  /** The api process's CPU time per answer (median of the pairs), in microseconds. */
  cpuMicrosPerAnswer: number;
  budgets: Record<string, Budget>;
}

function figures(result: AutocannonResult): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

function headersOf(route: Route, session: Session | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (route.signedIn && session) headers.cookie = session.cookie;
  if (route.body !== undefined) headers['content-type'] = 'application/json';
  if (route.method === 'POST') headers.origin = SHELL_URL;
  return headers;
}

function load(base: string, route: Route, session: Session | null, duration: number) {
  return autocannon({
    url: `${base}${route.path}`,
    method: route.method,
    headers: headersOf(route, session),
    body: route.body,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
  });
}

async function startBaseline(routesFile: string): Promise<ChildProcess> {
  const child = fork(BASELINE_SCRIPT, [String(PORTS.baseline), routesFile], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`baseline server exited with code ${code}`)));
  });
  return child;
}

/**
 * Throughput of five routes next to the bare node:http ceiling, 50 connections each; the
 * product page's p99 is also held to the category page's, measured just before it.
 */
export async function runApiSection(
  database: Database,
  { quick, apiPid }: { quick: boolean; apiPid: number },
): Promise<ApiRouteResult[]> {
  const duration = quick ? 3 : 5;
  const warmup = quick ? 1 : 2;
  const pairs = quick ? 1 : PAIRS;
  const [product] = await categoryProducts(CATEGORY);
  if (!product) throw new Error(`No products in ${CATEGORY}`);
  const categoryRoute = `GET /api/products/category/${CATEGORY}`;
  const routes: Route[] = [
    {
      name: categoryRoute,
      method: 'GET',
      path: `/api/products/category/${CATEGORY}`,
      signedIn: false,
    },
    {
      name: `GET /api/products/by-slug/${product.slug}`,
      method: 'GET',
      path: `/api/products/by-slug/${encodeURIComponent(product.slug)}`,
      signedIn: false,
      beside: categoryRoute,
    },
    {
      name: 'GET /api/products/featured',
      method: 'GET',
      path: '/api/products/featured',
      signedIn: false,
    },
    { name: 'GET /api/cart (signed in)', method: 'GET', path: '/api/cart', signedIn: true },
    {
      name: 'POST /api/cart (signed in)',
      method: 'POST',
      path: '/api/cart',
      signedIn: true,
      body: JSON.stringify({ productId: product.id }),
    },
  ];

  // The exact bytes of each real answer, for the baseline to serve.
  let session = await login(SHOPPER.email, SHOPPER.password);
  const captured: Record<string, { status: number; contentType: string; body: string }> = {};
  for (const route of routes) {
    const response = await fetch(`${API_URL}${route.path}`, {
      method: route.method,
      headers: headersOf(route, session),
      body: route.body,
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
    captured[`${route.method} ${route.path}`] = {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body: body.toString('base64'),
    };
  }
  const routesFile = path.join(os.tmpdir(), `bench-baseline-${process.pid}.json`);
  await writeFile(routesFile, JSON.stringify(captured));
  const baseline = await startBaseline(routesFile);
  const baselineUrl = `http://127.0.0.1:${PORTS.baseline}`;
  const apiUrl = `http://127.0.0.1:${PORTS.api}`;

  const results: ApiRouteResult[] = [];
  try {
    for (const route of routes) {
      // A fresh session per route: access tokens live 15 minutes.
      if (route.signedIn) session = await login(SHOPPER.email, SHOPPER.password);
      log(`api ${database.kind}: ${route.name} (${pairs} x ${duration} s x2)`);
      await load(apiUrl, route, session, warmup);
      const measured: { base: LoadFigures; api: LoadFigures; ratio: number }[] = [];
      const cpuPerAnswer: number[] = [];
      for (let pair = 0; pair < pairs; pair += 1) {
        const pairBase = figures(await load(baselineUrl, route, session, duration));
        const cpuBefore = await processCpuMs(apiPid);
        const pairApi = figures(await load(apiUrl, route, session, duration));
        cpuPerAnswer.push((((await processCpuMs(apiPid)) - cpuBefore) * 1000) / pairApi.total);
        measured.push({
          base: pairBase,
          api: pairApi,
          ratio: pairApi.requestsPerSecond / pairBase.requestsPerSecond,
        });
      }
      // The row shows the pair with the median ratio; a failure in any pair counts.
      measured.sort((a, b) => a.ratio - b.ratio);
      const { base, api, ratio } = measured[Math.floor(measured.length / 2)]!;
      const clean = measured.every((pair) => pair.api.errors === 0 && pair.api.non2xx === 0);
      const budgets: Record<string, Budget> = {};
      const beside = results.find(
        (measured) => measured.route === route.beside && measured.database === database.kind,
      );
      if (route.beside) {
        budgets.p99 = p99Beside(
          api.p99Ms,
          beside?.api.p99Ms ?? Number.NaN,
          PRODUCT_PAGE_P99_RATIO,
          "category's",
        );
        budgets.errors = check(clean, '0 errors');
      } else if (!route.signedIn) {
        budgets.ratio = check(ratio >= 0.5, '>= 50% of ceiling');
        budgets.p99 = check(api.p99Ms < 50, 'p99 < 50 ms');
        budgets.errors = check(clean, '0 errors');
      } else if (database.kind === 'postgres') {
        budgets.ratio = check(ratio >= 0.1, '>= 10% of ceiling');
        budgets.errors = check(clean, '0 errors');
      } else {
        budgets.errors = check(clean, '0 errors');
      }
      results.push({
        database: database.kind,
        route: route.name,
        api,
        baseline: base,
        ratio,
        cpuMicrosPerAnswer: median(cpuPerAnswer),
        budgets,
      });
    }
  } finally {
    await stopProcess(baseline);
  }
  // Leave the shopper's cart as small as it was: the page section reads it too.
  await call('DELETE', '/api/cart', { session, body: { productId: product.id } });
  return results;
}

export function apiTable(results: ApiRouteResult[]): string {
  const verdicts = (result: ApiRouteResult) =>
    Object.values(result.budgets)
      .map((budget) => `${budget.verdict} ${budget.limit}`)
      .join('; ') || '-';
  return table(
    `API throughput (${CONNECTIONS} connections; ceiling = bare node:http, same bytes)`,
    [
      [
        'db',
        'route',
        'req/s',
        'p50',
        'p99',
        'err/non2xx',
        'ceiling req/s',
        'ratio',
        'api CPU/answer',
        'budgets',
      ],
      ...results.map((result) => [
        result.database,
        result.route,
        num(result.api.requestsPerSecond),
        ms(result.api.p50Ms),
        ms(result.api.p99Ms),
        `${result.api.errors}/${result.api.non2xx}`,
        num(result.baseline.requestsPerSecond),
        pct(result.ratio),
        `${num(result.cpuMicrosPerAnswer)} µs`,
        verdicts(result),
      ]),
    ],
  );
}
