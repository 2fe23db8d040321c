import { SITEMAP_FILE_URLS, STORE_ROUTES } from '@store/contract';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, TEMPLATE, type FakeApi } from './shell-server';

const ORIGIN = 'https://shop.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Seven products; the fake api pages them two at a time, so a file of three ends mid-page. */
const SLUGS: FakeApi['slugs'] = [
  { slug: 'aurora-brushes', updated_at: '2026-10-01T10:00:00.000Z' },
  { slug: 'tom\'s-"fonts"', updated_at: '2026-10-03T10:00:00.000Z' },
  { slug: 'city-textures', updated_at: '2026-10-02T10:00:00.000Z' },
  { slug: 'dusk-presets', updated_at: '2026-10-05T10:00:00.000Z' },
  { slug: 'echo-loops', updated_at: '2026-10-04T10:00:00.000Z' },
  { slug: 'fern-icons', updated_at: '2026-09-30T10:00:00.000Z' },
  { slug: 'grid-ui-kit', updated_at: '2026-11-01T10:00:00.000Z' },
];
const CATEGORIES: FakeApi['categories'] = [
  { id: 'c1', name: 'digital-art', display_name: 'Digital Art', icon: 'digital-art' },
  { id: 'c2', name: 'fonts&type', display_name: 'Fonts & Type', icon: 'fonts' },
];
const SPLIT = { fileUrls: 3 };
const api = { slugs: SLUGS, slugsPageSize: 2, categories: CATEGORIES };

const parseXml = (xml: string) => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};
/** Each `<url>` or `<sitemap>` of a file: its loc and lastmod. */
const entries = (xml: string) =>
  [...parseXml(xml).documentElement.children].map((element) => ({
    loc: element.getElementsByTagName('loc')[0]?.textContent,
    lastmod: element.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }));
const productUrl = (slug: string) => `${ORIGIN}/product/${encodeURIComponent(slug)}`;

describe("the shell's server: robots.txt", () => {
  it('allows the store, asks crawlers to leave private pages alone and names the sitemap', () => {
    const {
      responses: [robots],
      apiCalls,
    } = serve({ template: TEMPLATE, steps: [{ path: '/robots.txt' }] });
    expect(robots!.status).toBe(200);
    expect(robots!.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = robots!.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(
      expect.arrayContaining(['/admin', '/account', '/cart', '/checkout']),
    );
    // Every page of the store that is not public (signed-in, admin, sign-in forms, mailed links'
    // pages) is disallowed; a public one never is.
    const PUBLIC = [
      '/',
      '/category/:category',
      '/search',
      '/product/:slug',
      '/about',
      '/privacy',
      '/terms',
      '/faq',
      '/support',
      '*',
    ];
    for (const route of STORE_ROUTES) {
      const prefix = route.replace(/:\w+$/, '');
      const blocked = disallowed.some((path) => prefix.startsWith(path));
      expect({ route, blocked }).toEqual({ route, blocked: !PUBLIC.includes(route) });
    }
    expect(apiCalls).toEqual([]);
  });
});

describe("the shell's server: sitemaps", () => {
  it('indexes the pages file and product files of at most the file limit', () => {
    const { responses } = serve({
      api,
      template: TEMPLATE,
      server: SPLIT,
      steps: [{ path: '/sitemap.xml' }],
    });
    const [index] = responses;
    expect(index!.status).toBe(200);
    expect(index!.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index!.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const doc = parseXml(index!.body);
    expect(doc.documentElement.tagName).toBe('sitemapindex');
    expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
    // Each product file's lastmod is its latest product's change.
    expect(entries(index!.body)).toEqual([
      { loc: `${ORIGIN}/sitemaps/pages.xml`, lastmod: null },
      { loc: `${ORIGIN}/sitemaps/products-1.xml`, lastmod: '2026-10-03T10:00:00.000Z' },
      { loc: `${ORIGIN}/sitemaps/products-2.xml`, lastmod: '2026-10-05T10:00:00.000Z' },
      { loc: `${ORIGIN}/sitemaps/products-3.xml`, lastmod: '2026-11-01T10:00:00.000Z' },
    ]);
  });

  it('splits the products into files at the limit, each URL once, with its change as lastmod', () => {
    const { responses } = serve({
      api,
      template: TEMPLATE,
      server: SPLIT,
      steps: [
        { path: '/sitemap.xml' },
        { path: '/sitemaps/products-1.xml' },
        { path: '/sitemaps/products-2.xml' },
        { path: '/sitemaps/products-3.xml' },
        { path: '/sitemaps/products-4.xml' },
        { path: '/sitemaps/products-01.xml' },
      ],
    });
    const files = responses.slice(1, 4);
    for (const file of files) {
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(parseXml(file.body).documentElement.tagName).toBe('urlset');
    }
    const expected = SLUGS.map(({ slug, updated_at }) => ({
      loc: productUrl(slug),
      lastmod: updated_at,
    }));
    expect(files.map((file) => entries(file.body))).toEqual([
      expected.slice(0, 3),
      expected.slice(3, 6),
      expected.slice(6),
    ]);
    expect(responses[4]!.status).toBe(404);
    expect(responses[5]!.status).toBe(404);
  });

  it('escapes slugs for XML, so each loc reads back as the URL it is', () => {
    const { responses } = serve({
      api,
      template: TEMPLATE,
      server: SPLIT,
      steps: [{ path: '/sitemaps/products-1.xml' }, { path: '/sitemaps/pages.xml' }],
    });
    const [products, pages] = responses;
    // encodeURIComponent leaves `'` as it is: XML must escape it inside the loc.
    expect(products!.body).toContain(`<loc>${ORIGIN}/product/tom&apos;s-%22fonts%22</loc>`);
    expect(entries(products!.body)[1]!.loc).toBe(`${ORIGIN}/product/tom's-%22fonts%22`);
    expect(entries(pages!.body).map((entry) => entry.loc)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/category/digital-art`,
      `${ORIGIN}/category/fonts%26type`,
      `${ORIGIN}/about`,
      `${ORIGIN}/faq`,
      `${ORIGIN}/support`,
      `${ORIGIN}/privacy`,
      `${ORIGIN}/terms`,
    ]);
  });

  it('pages the api with the page size it is given', () => {
    const { apiCalls } = serve({
      api,
      template: TEMPLATE,
      server: { fileUrls: 4, pageLimit: 3 },
      steps: [{ path: '/sitemap.xml' }],
    });
    expect(apiCalls.filter((call) => call.startsWith('/api/products/slugs'))).toEqual([
      '/api/products/slugs?limit=3',
      '/api/products/slugs?cursor=3&limit=3',
      '/api/products/slugs?cursor=6&limit=3',
    ]);
  });

  it('reads the listing once while it is fresh, and a product file once while kept', () => {
    const { responses, apiCalls } = serve({
      api,
      template: TEMPLATE,
      server: SPLIT,
      steps: [
        { path: '/sitemap.xml' },
        { path: '/sitemaps/products-2.xml' },
        { set: { slugs: [...SLUGS, { slug: 'new-one', updated_at: '2026-12-01T00:00:00.000Z' }] } },
        { path: '/sitemap.xml' },
        { path: '/sitemaps/products-2.xml' },
      ],
    });
    expect(responses[2]!.body).toBe(responses[0]!.body);
    expect(responses[3]!.body).toBe(responses[1]!.body);
    // Four pages of two for the listing, and two for file 2 (it starts mid-page).
    expect(apiCalls.filter((call) => call.startsWith('/api/products/slugs'))).toHaveLength(6);
    expect(apiCalls.filter((call) => call.startsWith('/api/dropdown'))).toHaveLength(1);
  });

  it('reads the listing again once it is stale, so a new product is listed', () => {
    const added = { slug: 'new-one', updated_at: '2026-12-01T00:00:00.000Z' };
    const { responses } = serve({
      api,
      template: TEMPLATE,
      server: { ...SPLIT, freshMs: 0 },
      steps: [
        { path: '/sitemap.xml' },
        { set: { slugs: [...SLUGS, added] } },
        // The stale listing is answered while the new one is read.
        { path: '/sitemap.xml' },
        { settle: true },
        { path: '/sitemap.xml' },
        { path: '/sitemaps/products-3.xml' },
      ],
    });
    expect(entries(responses[0]!.body).at(-1)?.lastmod).toBe('2026-11-01T10:00:00.000Z');
    expect(entries(responses[2]!.body).at(-1)?.lastmod).toBe(added.updated_at);
    expect(entries(responses[3]!.body).map((entry) => entry.loc)).toEqual([
      productUrl('grid-ui-kit'),
      productUrl('new-one'),
    ]);
  });

  it('answers 503 with a retry time while the api cannot list, and logs why once', () => {
    const { responses, logs } = serve({
      api: { ...api, mode: 'error' },
      template: TEMPLATE,
      server: SPLIT,
      steps: [{ path: '/sitemap.xml' }, { path: '/sitemaps/products-1.xml' }],
    });
    for (const answer of responses) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^Sitemap not drawn: http:\/\/127\.0\.0\.1:\d+\/api\/.+: answered 500$/,
    );
  });

  it('lists an empty catalog as the pages file alone', () => {
    const {
      responses: [index],
    } = serve({
      api: { ...api, slugs: [] },
      template: TEMPLATE,
      steps: [{ path: '/sitemap.xml' }],
    });
    expect(entries(index!.body)).toEqual([{ loc: `${ORIGIN}/sitemaps/pages.xml`, lastmod: null }]);
  });

  it("holds files to the protocol's limit, the contract's", () => {
    const url = pathToFileURL(path.resolve(__dirname, '../../scripts/lib/sitemaps.mjs')).href;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `process.stdout.write(String((await import(${JSON.stringify(url)})).SITEMAP_FILE_URLS))`,
      ],
      { encoding: 'utf8' },
    );
    expect(Number(run.stdout)).toBe(SITEMAP_FILE_URLS);
    expect(SITEMAP_FILE_URLS).toBe(50_000);
  });
});

describe('APP_URL', () => {
  it("stops the shell's server at start when it is not an http(s) URL", () => {
    const run = spawnSync(
      process.execPath,
      [path.resolve(__dirname, '../../scripts/serve-app.mjs')],
      {
        env: { PATH: process.env['PATH'] ?? '', APP: 'shell', APP_URL: 'shop.example', PORT: '0' },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('APP_URL must be a http:// or https:// URL');
  });
});
