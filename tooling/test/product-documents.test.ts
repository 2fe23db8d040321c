import { productPage, type ProductPage } from '@store/contract';
import { neonBrushPack, ON_SALE_AND_RATED } from './neon-brush-pack';
import { parseHtml, serve, TEMPLATE } from './shell-server';

const ORIGIN = 'https://shop.example';
const STORE = 'Digital Assets Marketplace';
const LONG_TEXT =
  'Every brush was painted stroke by stroke on a tablet and tuned for pressure, tilt and speed, ' +
  'so lines swell and fade the way light does on a wet street at night.';
const PRODUCT = neonBrushPack({
  ...ON_SALE_AND_RATED,
  description: `Forty **hand-made** brushes for *glowing* lines.\n\n- 40 brushes\n- Works in Procreate\n\n${LONG_TEXT}`,
  preview_images: ['/api/files/previews/neon-1.webp', 'https://cdn.example/previews/neon-2.webp'],
});
const PLAIN =
  'Forty hand-made brushes for glowing lines. 40 brushes Works in Procreate ' + LONG_TEXT;
const UNRATED: ProductPage = {
  ...PRODUCT,
  id: '5b1d3f0e-8c1a-4a8e-9f3e-2d6c7b9a1e02',
  slug: 'plain-font',
  name: 'Plain Font',
  description: 'A font.',
  sale_price: null,
  sale_ends_at: null,
  preview_images: ['https://cdn.example/previews/font.webp'],
  rating: { average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
};
const HOSTILE = `</script><script>alert(1)</script> "Deluxe" & 'co' <!-- x`;
const HOSTILE_PRODUCT: ProductPage = {
  ...PRODUCT,
  slug: 'hostile',
  name: HOSTILE,
  description: `${HOSTILE}\n\n<!--<script>alert(2)</script>`,
  category_display_name: HOSTILE,
};

const api = {
  products: { [PRODUCT.slug]: PRODUCT, [UNRATED.slug]: UNRATED, hostile: HOSTILE_PRODUCT },
  moved: { 'neon-brushes': PRODUCT.slug },
};

const meta = (doc: Document, key: string) =>
  [...doc.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((element) =>
    element.getAttribute('content'),
  );

/** The JSON-LD blocks of a document, parsed. */
const jsonLd = (doc: Document): unknown[] =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  );

describe("the shell's server: a visitor's product page", () => {
  it("is drawn from an answer of the api's own shape (the fake holds the contract)", () => {
    for (const product of [PRODUCT, UNRATED, HOSTILE_PRODUCT])
      expect(productPage.parse(product)).toEqual(product);
  });

  it('carries the title, description, canonical URL, Open Graph and Twitter card', () => {
    const {
      responses: [page],
    } = serve({ api, template: TEMPLATE, steps: [{ path: `/product/${PRODUCT.slug}` }] });
    expect(page!.status).toBe(200);
    expect(page!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page!.headers['vary']).toBe('Accept-Encoding, Cookie');
    const doc = parseHtml(page!.body);
    const url = `${ORIGIN}/product/${PRODUCT.slug}`;
    expect([...doc.querySelectorAll('title')].map((title) => title.textContent)).toEqual([
      `Neon Brush Pack | ${STORE}`,
    ]);
    const [description] = meta(doc, 'description');
    expect(meta(doc, 'description')).toHaveLength(1);
    // The first ~160 characters of the text, without its markup, cut at a word's end.
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description!.length).toBeGreaterThan(120);
    expect(description!.endsWith('…')).toBe(true);
    expect(PLAIN.startsWith(description!.slice(0, -1))).toBe(true);
    expect(PLAIN[description!.length - 1]).toBe(' ');
    expect(
      [...doc.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    ).toEqual([url]);
    expect(meta(doc, 'og:type')).toEqual(['product']);
    expect(meta(doc, 'og:title')).toEqual(['Neon Brush Pack']);
    expect(meta(doc, 'og:description')).toEqual([description]);
    expect(meta(doc, 'og:url')).toEqual([url]);
    expect(meta(doc, 'og:image')).toEqual([`${ORIGIN}/api/files/previews/neon-1.webp`]);
    expect(meta(doc, 'og:site_name')).toEqual([STORE]);
    expect(meta(doc, 'product:price:amount')).toEqual(['19.99']);
    expect(meta(doc, 'product:price:currency')).toEqual(['USD']);
    expect(meta(doc, 'twitter:card')).toEqual(['summary_large_image']);
    expect(meta(doc, 'twitter:title')).toEqual(['Neon Brush Pack']);
    expect(meta(doc, 'twitter:image')).toEqual([`${ORIGIN}/api/files/previews/neon-1.webp`]);
    // The page itself is the client's: the boot screen is still in #root.
    expect(doc.querySelector('[data-testid="boot-screen"]')).not.toBeNull();
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('carries a schema.org Product with its offer at the sale price and its rating', () => {
    const {
      responses: [page],
    } = serve({ api, template: TEMPLATE, steps: [{ path: `/product/${PRODUCT.slug}` }] });
    const url = `${ORIGIN}/product/${PRODUCT.slug}`;
    expect(jsonLd(parseHtml(page!.body))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Neon Brush Pack',
        description: PLAIN,
        image: [
          `${ORIGIN}/api/files/previews/neon-1.webp`,
          'https://cdn.example/previews/neon-2.webp',
        ],
        sku: PRODUCT.id,
        url,
        category: 'Digital Art',
        offers: {
          '@type': 'Offer',
          price: 19.99,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
          priceValidUntil: '2030-01-31',
        },
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.5,
          reviewCount: 2,
          bestRating: 5,
          worstRating: 1,
        },
      },
    ]);
  });

  it('offers the list price, and no rating, for a product without a sale or reviews', () => {
    const {
      responses: [page],
    } = serve({ api, template: TEMPLATE, steps: [{ path: `/product/${UNRATED.slug}` }] });
    const [product] = jsonLd(parseHtml(page!.body)) as Record<string, unknown>[];
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product!['offers']).toEqual({
      '@type': 'Offer',
      price: 24.99,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}/product/${UNRATED.slug}`,
    });
    expect(product!['description']).toBe('A font.');
    expect(product!['image']).toEqual(['https://cdn.example/previews/font.webp']);
  });

  it('keeps a hostile name and description inside their tags and their JSON', () => {
    const {
      responses: [page],
    } = serve({ api, template: TEMPLATE, steps: [{ path: '/product/hostile' }] });
    expect(page!.body).not.toContain('<script>alert');
    expect(page!.body).not.toContain('<!--<');
    const doc = parseHtml(page!.body);
    // The JSON-LD block and the shell's own script: nothing the name or description opened.
    expect(
      [...doc.querySelectorAll('script')].map((script) => script.getAttribute('type')),
    ).toEqual(['application/ld+json', null]);
    expect(doc.querySelector('title')?.textContent).toBe(`${HOSTILE} | ${STORE}`);
    expect(meta(doc, 'og:title')).toEqual([HOSTILE]);
    expect(meta(doc, 'twitter:title')).toEqual([HOSTILE]);
    const [product] = jsonLd(doc) as Record<string, unknown>[];
    expect(product!['name']).toBe(HOSTILE);
    expect(product!['category']).toBe(HOSTILE);
    expect(product!['description']).toBe(`${HOSTILE} <!--<script>alert(2)</script>`);
  });

  it('answers an old slug with a permanent redirect to the current one, query kept', () => {
    const {
      responses: [moved],
    } = serve({ api, template: TEMPLATE, steps: [{ path: '/product/neon-brushes?ref=mail' }] });
    expect(moved!.status).toBe(301);
    expect(moved!.headers['location']).toBe(`/product/${PRODUCT.slug}?ref=mail`);
    expect(moved!.body).toBe('');
  });

  it('answers an unknown product 404 with the app, which search engines must not list', () => {
    const { responses } = serve({
      api,
      template: TEMPLATE,
      steps: [
        { path: '/product/no-such-thing' },
        { path: '/product/no-such-thing', method: 'HEAD' },
      ],
    });
    const [missing, head] = responses;
    expect(missing!.status).toBe(404);
    expect(missing!.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = parseHtml(missing!.body);
    expect(meta(doc, 'robots')).toEqual(['noindex']);
    expect(doc.querySelector('[data-testid="boot-screen"]')).not.toBeNull();
    expect(doc.querySelector('script[src="/main.js"]')).not.toBeNull();
    expect(jsonLd(doc)).toEqual([]);
    expect(head!.status).toBe(404);
    expect(head!.body).toBe('');
  });

  it.each([
    ['down', 'ECONNREFUSED|fetch failed'],
    ['error', 'answered 500'],
    ['hang', 'timeout|aborted'],
  ] as const)('sends the document as built when the api is %s, and logs why once', (mode, why) => {
    const { responses, logs } = serve({
      api: { ...api, mode },
      template: TEMPLATE,
      steps: [{ path: `/product/${PRODUCT.slug}` }, { path: '/product/plain-font' }],
    });
    for (const page of responses) {
      expect(page.status).toBe(200);
      expect(page.body).toBe(TEMPLATE);
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^Product page not drawn: http:\/\/127\.0\.0\.1:\d+\/api\/products\/by-slug: /,
    );
    expect(logs[0]).toMatch(new RegExp(why, 'i'));
  });

  it('sends the document as built for an answer that breaks its contract', () => {
    const broken = { ...PRODUCT, preview_images: 'neon.webp' };
    const { responses, logs } = serve({
      api: { products: { [PRODUCT.slug]: broken } },
      template: TEMPLATE,
      steps: [{ path: `/product/${PRODUCT.slug}` }],
    });
    expect(responses[0]!.status).toBe(200);
    expect(responses[0]!.body).toBe(TEMPLATE);
    expect(logs).toEqual(["Product page not drawn: the api's by-slug answer breaks its contract"]);
  });

  it("leaves a signed-in shopper's page to the client, without asking the api", () => {
    const { responses, apiCalls } = serve({
      api,
      template: TEMPLATE,
      steps: [{ path: `/product/${PRODUCT.slug}`, cookie: 'theme=dark; isLoggedIn=true' }],
    });
    expect(responses[0]!.status).toBe(200);
    expect(responses[0]!.body).toBe(TEMPLATE);
    expect(apiCalls).toEqual([]);
  });

  it('takes the public origin from APP_URL when started as the images start it', () => {
    const {
      responses: [page],
    } = serve({
      api,
      template: TEMPLATE,
      appServer: true,
      server: { publicUrl: 'https://store.example.org/any/path' },
      steps: [{ path: `/product/${PRODUCT.slug}` }],
    });
    const doc = parseHtml(page!.body);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `https://store.example.org/product/${PRODUCT.slug}`,
    );
  });
});
