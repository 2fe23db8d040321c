import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { STORE_ROUTES } from '@store/contract';
import { describeEachDatabase } from '../helpers/app.ts';
import { APP_ORIGIN } from '../helpers/client.ts';
import { sample, scrape } from '../helpers/metrics.ts';
import { assertLimited } from '../security/rate-limit-checks.ts';

const LCP = 'store_web_vitals_lcp_seconds';
const INP = 'store_web_vitals_inp_seconds';
const CLS = 'store_web_vitals_cls';
// What navigator.sendBeacon sends for a string body.
const BEACON_TYPE = 'text/plain;charset=UTF-8';

interface Beacon {
  payload: string;
  contentType?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function send(app: FastifyInstance, beacon: Beacon) {
  return app.inject({
    method: 'POST',
    url: '/api/vitals',
    payload: beacon.payload,
    headers: {
      origin: APP_ORIGIN,
      'content-type': beacon.contentType ?? BEACON_TYPE,
      ...beacon.headers,
    },
    ...(beacon.remoteAddress ? { remoteAddress: beacon.remoteAddress } : {}),
  });
}

const body = (route: string, metrics: Array<{ name: string; value: unknown }>) =>
  JSON.stringify({ route, metrics });

/** Every web-vitals sample in the scrape, for before/after comparisons. */
function vitalsSamples(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('store_web_vitals_'));
}

describeEachDatabase('POST /api/vitals', (suite) => {
  it('observes a beacon as sendBeacon sends it into the histograms of its route', async () => {
    const { app } = suite;
    const route = { route: '/category/:category' };
    const before = await scrape(app);
    const response = await send(app, {
      payload: body(route.route, [
        { name: 'LCP', value: 1800 },
        { name: 'CLS', value: 0.07 },
        { name: 'INP', value: 120 },
      ]),
    });
    assert.equal(response.statusCode, 204, response.body);
    assert.equal(response.body, '');
    const after = await scrape(app);
    const added = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, { ...route, ...labels }) - sample(before, name, { ...route, ...labels });

    // Milliseconds in, seconds out; CLS as it is.
    assert.equal(added(`${LCP}_count`), 1);
    assert.equal(Number(added(`${LCP}_sum`).toFixed(6)), 1.8);
    assert.equal(added(`${LCP}_bucket`, { le: '1.5' }), 0);
    assert.equal(added(`${LCP}_bucket`, { le: '2' }), 1);
    assert.equal(added(`${INP}_count`), 1);
    assert.equal(Number(added(`${INP}_sum`).toFixed(6)), 0.12);
    assert.equal(added(`${INP}_bucket`, { le: '0.1' }), 0);
    assert.equal(added(`${INP}_bucket`, { le: '0.15' }), 1);
    assert.equal(added(`${CLS}_count`), 1);
    assert.equal(added(`${CLS}_bucket`, { le: '0.05' }), 0);
    assert.equal(added(`${CLS}_bucket`, { le: '0.1' }), 1);
  });

  it('counts every known route on its own series, `*` for not-found pages', async () => {
    const { app } = suite;
    const before = await scrape(app);
    for (const route of STORE_ROUTES) {
      const response = await send(app, { payload: body(route, [{ name: 'LCP', value: 900 }]) });
      assert.equal(response.statusCode, 204, `${route}: ${response.body}`);
    }
    // Twice more on the home page, once as JSON (a client that is not sendBeacon).
    await send(app, { payload: body('/', [{ name: 'LCP', value: 3000 }]) });
    const json = await send(app, {
      payload: body('/', [{ name: 'LCP', value: 4200 }]),
      contentType: 'application/json',
    });
    assert.equal(json.statusCode, 204, json.body);
    const after = await scrape(app);
    const counted = (route: string) =>
      sample(after, `${LCP}_count`, { route }) - sample(before, `${LCP}_count`, { route });
    assert.deepEqual(
      Object.fromEntries(STORE_ROUTES.map((route) => [route, counted(route)])),
      Object.fromEntries(STORE_ROUTES.map((route) => [route, route === '/' ? 3 : 1])),
    );
    // The home page's three land in the good, needs-improvement and poor bands.
    const home = (le: string) =>
      sample(after, `${LCP}_bucket`, { route: '/', le }) -
      sample(before, `${LCP}_bucket`, { route: '/', le });
    assert.deepEqual([home('2.5'), home('4'), home('+Inf')], [1, 2, 3]);
  });

  it('accepts the bounds themselves: 0, 60 s of LCP and INP, a CLS of 10, ten metrics', async () => {
    const { app } = suite;
    const edges = [
      { name: 'LCP', value: 0 },
      { name: 'LCP', value: 60_000 },
      { name: 'INP', value: 0 },
      { name: 'INP', value: 60_000 },
      { name: 'CLS', value: 0 },
      { name: 'CLS', value: 10 },
      ...Array.from({ length: 4 }, () => ({ name: 'CLS', value: 0.01 })),
    ];
    const response = await send(app, { payload: body('/about', edges) });
    assert.equal(response.statusCode, 204, response.body);
  });

  it('refuses anything else with a 4xx and a message, and records none of it', async () => {
    const { app } = suite;
    const metric = (name: string, value: unknown) => body('/', [{ name, value }]);
    const lcp = [{ name: 'LCP', value: 1000 }];
    const cases: Array<[string, Beacon, number, RegExp]> = [
      ['an unknown name', { payload: metric('FID', 10) }, 400, /name must be one of LCP, CLS, INP/],
      ['TTFB', { payload: metric('TTFB', 10) }, 400, /name must be one of/],
      ['a lower-case name', { payload: metric('lcp', 10) }, 400, /name must be one of/],
      ['no name', { payload: body('/', [{ value: 1 } as never]) }, 400, /name must be one of/],
      ['a raw path', { payload: body('/category/digital-art', lcp) }, 400, /route must be one of/],
      ['a token path', { payload: body('/verify-email/abc', lcp) }, 400, /route must be one/],
      ['an api route', { payload: body('/api/orders/:id', lcp) }, 400, /route must be one/],
      ['an empty route', { payload: body('', lcp) }, 400, /route must be one of/],
      ['no route', { payload: JSON.stringify({ metrics: lcp }) }, 400, /route must be one/],
      ['a numeric route', { payload: JSON.stringify({ route: 1, metrics: lcp }) }, 400, /route/],
      ['a negative LCP', { payload: metric('LCP', -1) }, 400, /LCP must not be negative/],
      ['a negative CLS', { payload: metric('CLS', -0.01) }, 400, /CLS must not be negative/],
      ['LCP over 60 s', { payload: metric('LCP', 60_001) }, 400, /LCP must be at most 60,000 ms/],
      ['INP over 60 s', { payload: metric('INP', 1e9) }, 400, /INP must be at most 60,000 ms/],
      ['CLS over 10', { payload: metric('CLS', 10.5) }, 400, /CLS must be at most 10$/],
      ['1e308', { payload: metric('INP', 1e308) }, 400, /INP must be at most/],
      ['1e400 (Infinity)', { payload: metric('LCP', 1).replace('1}', '1e400}') }, 400, /value/],
      ['NaN', { payload: metric('LCP', 1).replace('1}', 'NaN}') }, 400, /not valid JSON/],
      ['a numeric string', { payload: metric('LCP', '1200') }, 400, /value must be a number/],
      ['a null value', { payload: metric('CLS', null) }, 400, /value must be a number/],
      ['no value', { payload: body('/', [{ name: 'LCP' } as never]) }, 400, /value must be/],
      ['no metrics', { payload: body('/', []) }, 400, /at least one entry/],
      [
        'eleven metrics',
        {
          payload: body(
            '/',
            Array.from({ length: 11 }, () => lcp[0]!),
          ),
        },
        400,
        /at most 10 metrics per beacon/,
      ],
      [
        'metrics not a list',
        { payload: JSON.stringify({ route: '/', metrics: lcp[0] }) },
        400,
        /list/,
      ],
      ['a list body', { payload: JSON.stringify(lcp) }, 400, /Invalid request/],
      ['a null body', { payload: 'null' }, 400, /Invalid request/],
      ['a string body', { payload: '"LCP=1000"' }, 400, /Invalid request/],
      ['malformed JSON', { payload: '{"route": "/", "metrics": [' }, 400, /not valid JSON/],
      ['plain text', { payload: 'LCP=1000&route=/' }, 400, /not valid JSON/],
      [
        'a __proto__ key',
        { payload: '{"__proto__": {"route": "/"}, "metrics": [] }' },
        400,
        /not valid JSON/,
      ],
      [
        'a body over 2 KB',
        { payload: JSON.stringify({ route: '/', metrics: lcp, pad: 'x'.repeat(2048) }) },
        413,
        /too large/,
      ],
      [
        'a form',
        { payload: 'route=%2F', contentType: 'application/x-www-form-urlencoded' },
        415,
        /Content-Type/,
      ],
      ['XML', { payload: '<lcp/>', contentType: 'application/xml' }, 415, /Content-Type/],
      [
        'a foreign site with cookies',
        {
          payload: body('/', lcp),
          headers: { origin: 'https://evil.example', cookie: 'accessToken=x' },
        },
        403,
        /cross-site/,
      ],
    ];
    const before = vitalsSamples(await scrape(app));
    const problems: string[] = [];
    for (const [label, beacon, status, message] of cases) {
      const response = await send(app, beacon);
      const answer = response.json<{ message?: string }>();
      if (response.statusCode !== status || !message.test(answer.message ?? '')) {
        problems.push(`${label}: ${response.statusCode} ${response.body}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(vitalsSamples(await scrape(app)), before, 'a refused beacon was recorded');
  });

  it('documents the beacon in the OpenAPI document', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = response.json<{ paths: Record<string, { post?: { summary?: string } }> }>().paths;
    const operation = Object.entries(paths).find(([path]) => /^\/api\/vitals\/?$/.test(path));
    assert.ok(operation?.[1].post?.summary, 'POST /api/vitals is documented');
  });
});

describeEachDatabase('POST /api/vitals: the per-address limit', (suite) => {
  it(`answers 429 after ${60} beacons a minute from one address, never another address`, async () => {
    const { app, config } = suite;
    const { max, windowSeconds } = config.limits.webVitals;
    assert.deepEqual({ max, windowSeconds }, { max: 60, windowSeconds: 60 }, 'the shipped limit');
    const ip = '203.0.113.50';
    const beacon = { payload: body('/faq', [{ name: 'INP', value: 80 }]), remoteAddress: ip };
    const before = await scrape(app);
    const statuses = new Set<number>();
    for (let sent = 0; sent < max; sent += 1) statuses.add((await send(app, beacon)).statusCode);
    assert.deepEqual([...statuses], [204]);

    assertLimited(await send(app, beacon), windowSeconds);
    // Counted before the body is read: a malformed flood is refused the same way.
    assertLimited(await send(app, { payload: '{', remoteAddress: ip }), windowSeconds);
    const elsewhere = await send(app, { ...beacon, remoteAddress: '203.0.113.51' });
    assert.equal(elsewhere.statusCode, 204, elsewhere.body);

    const after = await scrape(app);
    const faq = { route: '/faq' };
    assert.equal(
      sample(after, `${INP}_count`, faq) - sample(before, `${INP}_count`, faq),
      max + 1,
      'the refused beacons were not recorded',
    );
    const refusals = { limit: 'web-vitals' };
    assert.equal(
      sample(after, 'store_rate_limit_refusals_total', refusals) -
        sample(before, 'store_rate_limit_refusals_total', refusals),
      2,
    );
  });
});
