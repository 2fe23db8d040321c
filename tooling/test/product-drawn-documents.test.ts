import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES, neonBrushPack } from './neon-brush-pack';
import { buildServerRenders, parseHtml, serve, TEMPLATE, type ServerRenders } from './shell-server';

// The shell's server drawing a visitor's product page with the shell's and the catalog's real
// server renders, built as `npm run build` builds them, against a fake api.

const PRODUCT = neonBrushPack();
const PAGE = `/product/${PRODUCT.slug}`;
const api = { categories: CATEGORIES, products: { [PRODUCT.slug]: PRODUCT } };

let folder: string;
let renders: ServerRenders;
beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'server-renders-'));
  renders = buildServerRenders(folder);
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const stateOf = (doc: Document): unknown =>
  JSON.parse(doc.getElementById('first-screen-state')?.textContent ?? 'null');

describe("the catalog's server render", () => {
  it("requires nothing but the packages the shell's image installs", () => {
    // The shell's image installs its own dependencies (and their manifests), never the
    // workspaces' sources: a render that required the contract's page reads at run time drew
    // no first screen there.
    const shell = JSON.parse(
      readFileSync(path.join(__dirname, '../../shell/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const required = [
      ...readFileSync(renders.catalog, 'utf8').matchAll(/require\("([^"./][^"]*)"\)/g),
    ].map(([, request]) => request!);
    const packageOf = (request: string) =>
      request
        .split('/')
        .slice(0, request.startsWith('@') ? 2 : 1)
        .join('/');
    expect(required.length).toBeGreaterThan(0);
    expect(
      required.filter(
        (request) => !request.startsWith('node:') && !(packageOf(request) in shell.dependencies),
      ),
    ).toEqual([]);
  });
});

describe("the shell's server: a visitor's product page, drawn", () => {
  it("holds the product's name, price and description in #root, read once from the api", () => {
    const {
      responses: [page],
      apiCalls,
      logs,
    } = serve({ api, template: TEMPLATE, renders, steps: [{ path: PAGE }] });
    expect(page!.status).toBe(200);
    // Parsed as the browser parses it, before any script runs.
    const doc = parseHtml(page!.body);
    const root = doc.getElementById('root')!;
    expect(root.querySelector('[data-testid="boot-screen"]')).toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe('Neon Brush Pack');
    expect(root.textContent).toContain('$24.99');
    expect(root.textContent).toContain('Forty hand-made brushes for glowing lines.');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['40 brushes', 'Works in Procreate']),
    );
    // The head is the product's, from the same answer.
    expect(doc.querySelector('title')?.textContent).toBe(
      'Neon Brush Pack | Digital Assets Marketplace',
    );
    // The catalog's stylesheet and the product page chunk's are linked, and that chunk's script
    // preloaded (not the search page's), and the state the page was drawn from carried.
    expect(
      [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute('data-href'),
      ),
    ).toEqual(['css/routes.css', 'css/product-page.2.css']);
    const preloaded = [...doc.querySelectorAll('link[rel="preload"][as="script"]')].map(
      (link) => new URL(link.getAttribute('href') ?? '').pathname,
    );
    expect(preloaded).toContain('/product-page.4.js');
    expect(preloaded).not.toContain('/search.3.js');
    expect(stateOf(doc)).toEqual({ categories: CATEGORIES, product: PRODUCT });
    expect(apiCalls.filter((call) => call.startsWith('/api/products/by-slug/'))).toEqual([
      `/api/products/by-slug/${PRODUCT.slug}`,
    ]);
    expect(logs).toEqual([]);
  });

  it('sends the document as built when the api is down', () => {
    const { responses, logs } = serve({
      api: { ...api, mode: 'down' },
      template: TEMPLATE,
      renders,
      steps: [{ path: PAGE }],
    });
    expect(responses[0]!.status).toBe(200);
    expect(responses[0]!.body).toBe(TEMPLATE);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^Product page not drawn: /);
  });

  it("keeps the product's head and the boot screen when the catalog is down", () => {
    const {
      responses: [page],
      logs,
    } = serve({
      api,
      template: TEMPLATE,
      renders: { ...renders, catalogMode: 'down' },
      steps: [{ path: PAGE }, { path: PAGE }],
    });
    expect(page!.status).toBe(200);
    const doc = parseHtml(page!.body);
    expect(doc.querySelector('title')?.textContent).toBe(
      'Neon Brush Pack | Digital Assets Marketplace',
    );
    expect(doc.querySelector('[data-testid="boot-screen"]')).not.toBeNull();
    expect(doc.getElementById('first-screen-state')).toBeNull();
    // One line for the cause, not one per document.
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^First screen not rendered: http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json: /,
    );
  });

  it("draws neither an unknown product's page nor a session's", () => {
    const { responses } = serve({
      api,
      template: TEMPLATE,
      renders,
      steps: [{ path: '/product/no-such-thing' }, { path: PAGE, cookie: 'isLoggedIn=true' }],
    });
    const [missing, session] = responses;
    expect(missing!.status).toBe(404);
    expect(parseHtml(missing!.body).querySelector('[data-testid="boot-screen"]')).not.toBeNull();
    expect(missing!.body).not.toContain('first-screen-state');
    expect(session!.body).toBe(TEMPLATE);
  });
});
