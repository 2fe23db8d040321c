// Runs the shell's server (scripts/lib) against a fake api and asks it for pages, for
// shell-server-crawlers.test.ts: jest loads this repository's tests as CommonJS and `.mjs` files
// only as ES modules, so the test runs this file with node and reads what it prints.
//
//   node shell-server-harness.mjs '<scenario as JSON>'
//
// The scenario: `api` (what the fake api holds and how it behaves), `template` (the shell's
// index.html), `server` (options of the shell's server), `renders` (the shell's and the
// catalog's server renders, from build-server-renders.mjs: the shell's server then draws pages,
// the catalog's files served by an origin of its own, `catalogMode` up or down), and `steps`:
// requests to the shell's server (`{ path, cookie?, method? }`), changes to the fake api's data
// (`{ set: {...} }`), and `{ settle: true }`, which waits until the fake api has answered all it
// was asked and is asked nothing more.
// Prints `{ responses, apiCalls, logs }`.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { closeServer, startAppServer } from '../../scripts/lib/composition.mjs';
import { crawlerFiles } from '../../scripts/lib/crawler-files.mjs';
import { firstScreenDocuments } from '../../scripts/lib/first-screen.mjs';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';

const scenario = JSON.parse(process.argv[2] ?? '{}');
const api = {
  mode: 'up',
  products: {},
  moved: {},
  slugs: [],
  slugsPageSize: 1000,
  categories: [],
  ...scenario.api,
};
const apiCalls = [];
const logs = [];
let inFlight = 0;

/** The fake api: `mode` up (its data), error (500 to all), hang (never answers), down. */
const fakeApi = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://api.test');
  apiCalls.push(`${url.pathname}${url.search}`);
  if (api.mode === 'hang') return;
  inFlight += 1;
  res.on('finish', () => {
    inFlight -= 1;
  });
  const json = (status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (api.mode === 'error') return json(500, { message: 'Internal error' });
  const bySlug = /^\/api\/products\/by-slug\/([^/]+)$/.exec(url.pathname);
  if (bySlug) {
    const slug = decodeURIComponent(bySlug[1]);
    const current = api.moved[slug];
    if (current)
      return json(301, {}, { location: `/api/products/by-slug/${encodeURIComponent(current)}` });
    const product = api.products[slug];
    return product ? json(200, product) : json(404, { message: 'Product not found' });
  }
  if (url.pathname === '/api/products/slugs') {
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const size = Number(url.searchParams.get('limit') ?? api.slugsPageSize);
    const slugs = api.slugs.slice(offset, offset + size);
    const next = offset + size < api.slugs.length ? String(offset + size) : null;
    return json(200, { slugs, nextCursor: next });
  }
  if (url.pathname === '/api/dropdown/categories')
    return json(200, { success: true, data: api.categories });
  return json(404, { message: 'Not found' });
});

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

const apiPort = await listen(fakeApi);
if (api.mode === 'down') await closeServer(fakeApi);
const apiTarget = `http://127.0.0.1:${apiPort}`;

const root = await mkdtemp(path.join(os.tmpdir(), 'shell-server-'));
await writeFile(path.join(root, 'index.html'), scenario.template ?? '');

/**
 * The catalog's origin as the shell's server reads it: its manifest (the `routes` expose with a
 * stylesheet and a chunk, and the lazily loaded chunks of two pages), the stylesheets the document
 * links, and its server render.
 * @param {string} pages the render's code
 */
function catalogOrigin(pages) {
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        name: 'routes',
        assets: {
          css: { sync: ['css/routes.css'], async: ['css/search.1.css', 'css/product-page.2.css'] },
          js: { sync: ['routes.js'], async: ['search.3.js', 'product-page.4.js'] },
        },
      },
    ],
  };
  /** @type {Record<string, [type: string, body: string]>} */
  const files = {
    '/mf-manifest.json': ['application/json', JSON.stringify(manifest)],
    '/css/routes.css': ['text/css', '.page { display: grid; }'],
    '/css/product-page.2.css': ['text/css', '.gallery { aspect-ratio: 4 / 3; }'],
    '/server/pages.cjs': ['text/javascript', pages],
  };
  return http.createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://catalog.test').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
}

const catalog = scenario.renders
  ? catalogOrigin(await readFile(scenario.renders.catalog, 'utf8'))
  : null;
if (scenario.renders && catalog) {
  await mkdir(path.join(root, 'server'));
  await copyFile(scenario.renders.shell, path.join(root, 'server', 'first-screen.cjs'));
  const catalogPort = await listen(catalog);
  if (scenario.renders.catalogMode === 'down') await closeServer(catalog);
  const remotes = { catalog: `http://127.0.0.1:${catalogPort}/mf-manifest.json` };
  await writeFile(
    path.join(root, 'runtime-config.json'),
    JSON.stringify({ apiBaseUrl: '/api', remotes }),
  );
}
const { publicUrl = 'https://shop.example', ...crawlerOptions } = scenario.server ?? {};
const log = (line) => logs.push(line);
// The store's second for an input is what a scenario of an api that hangs waits out; the others
// get longer, as a fresh process's first requests can take a second on a loaded machine.
const hangs = [scenario.api, ...(scenario.steps ?? []).map((step) => step.set)].some(
  (change) => change?.mode === 'hang',
);
const server = scenario.appServer
  ? await startAppServer('shell', { root, port: 0, apiTarget, publicUrl })
  : await startStaticServer({
      root,
      port: 0,
      spa: true,
      apiTarget,
      renderDocument: firstScreenDocuments({
        shellRoot: root,
        apiTarget,
        publicOrigin: new URL(publicUrl).origin,
        log,
        inputTimeoutMs: hangs ? undefined : 30_000,
      }),
      makeFile: crawlerFiles({
        apiTarget,
        publicOrigin: new URL(publicUrl).origin,
        log,
        ...crawlerOptions,
      }),
    });
const shell = `http://127.0.0.1:${server.address().port}`;

const responses = [];
try {
  for (const step of scenario.steps ?? []) {
    if (step.set) Object.assign(api, step.set);
    // Settled: nothing in flight, and nothing new asked for a while (a listing's pages follow
    // each other within a moment).
    while (step.settle) {
      const asked = apiCalls.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (inFlight === 0 && apiCalls.length === asked) break;
    }
    if (!step.path) continue;
    const response = await fetch(`${shell}${step.path}`, {
      method: step.method ?? 'GET',
      redirect: 'manual',
      headers: step.cookie ? { cookie: step.cookie } : {},
    });
    responses.push({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    });
  }
} finally {
  fakeApi.closeAllConnections();
  await Promise.all([closeServer(server), closeServer(fakeApi), closeServer(catalog)]);
  await rm(root, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify({ responses, apiCalls, logs }));
