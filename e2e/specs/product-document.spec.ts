import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drawnDocument } from '../support/drawn-document.ts';
import {
  newPageProduct,
  productName,
  productRoute,
  reviewedPageProduct,
  type ReviewedProduct,
} from '../support/product-page.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, logIn, waitForRoute } from '../support/shopper.ts';
import { apiSessionFor, renameProductViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

// What a shared link, a crawler or a link preview gets of a product page before any script: the
// shell's server draws its document (scripts/lib/product-document.mjs, first-screen.mjs), answers
// old slugs with a redirect and serves robots.txt and the sitemaps (scripts/lib/crawler-files.mjs).
const store = useStore();

// The product the reading checks share, made once by the first that needs it.
let arranged: Promise<ReviewedProduct> | null = null;
const arrangement = () =>
  (arranged ??= reviewedPageProduct(store, { namePrefix: 'E2E Shared', seed: 71 }));

test('a shared address arrives drawn: title, description, canonical, Open Graph and JSON-LD before any script', (t) =>
  store.journey(t, async (page) => {
    const { product } = await arrangement();
    const route = productRoute(product.slug);
    const url = store.url(route);
    // The store's own name: the title of any other page's document.
    const about = await (await fetch(store.url('/about'))).text();
    const storeName = /<title>([^<]*)<\/title>/.exec(about)?.[1];
    assert.ok(storeName, 'the document has no title');

    const { status, refused, head } = await drawnDocument(page, url);
    assert.equal(status, 200);
    assert.ok(refused.length > 0, 'the page asked for no script: nothing was refused');
    assert.equal(head.title, `${product.name} | ${storeName}`);
    assert.equal(head.titles, 1);
    assert.equal(head.descriptions, 1);
    // The description as text: no Markdown marks.
    assert.equal(
      head.description,
      'A field guide for the e2e shared journey. Ten pages One printable map',
    );
    assert.equal(head.canonical, url);
    assert.equal(head.ogType, 'product');
    assert.equal(head.ogTitle, product.name);
    assert.equal(head.ogUrl, url);
    assert.equal(head.twitterCard, 'summary_large_image');
    assert.equal(head.robots, null);
    assert.ok(head.ogImage, 'no og:image');
    assert.match(head.ogImage, /^https?:\/\//);
    assert.equal(head.twitterImage, head.ogImage);
    const image = await fetch(head.ogImage);
    assert.equal(image.status, 200, `og:image ${head.ogImage}`);
    assert.match(image.headers.get('content-type') ?? '', /^image\//);

    assert.equal(head.jsonLd.length, 1);
    const jsonLd = JSON.parse(head.jsonLd[0]!) as Record<string, unknown>;
    assert.equal(jsonLd['@context'], 'https://schema.org');
    assert.equal(jsonLd['@type'], 'Product');
    assert.equal(jsonLd.name, product.name);
    assert.equal(jsonLd.sku, product.id);
    assert.equal(jsonLd.url, url);
    assert.ok(Array.isArray(jsonLd.image) && jsonLd.image.includes(head.ogImage));
    assert.equal((jsonLd.image as string[]).length, 3, 'every gallery image');
    assert.deepEqual(jsonLd.offers, {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    });
    // The buyer's one review of 4 stars.
    assert.deepEqual(jsonLd.aggregateRating, {
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    // The body is drawn too, with the state the client takes it over from.
    assert.ok(head.drawn, 'the page arrived without its first screen');
    assert.equal(head.rootName, product.name);

    // With the scripts let through, the page comes up on the same address.
    await page.goto(url);
    await productName(page, product.name).waitFor();
    assert.equal(page.url(), url);
  }));

test('an old address after a rename leads to the new one; an unknown one says Product not found', (t) =>
  store.journey(t, async (page) => {
    const product = await newPageProduct(store, { namePrefix: 'E2E Renamed', seed: 31 });
    const renamed = `${product.name} Deluxe`;
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    let slug: string;
    try {
      slug = await renameProductViaApi(admin, product.id, { ...product, name: renamed });
    } finally {
      await admin.dispose();
    }
    assert.equal(slug, `${product.slug}-deluxe`);

    // The server answers the old address with a permanent redirect, keeping the query.
    const moved = await fetch(store.url(`${productRoute(product.slug)}?ref=mail`), {
      redirect: 'manual',
    });
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), `${productRoute(slug)}?ref=mail`);
    await page.goto(store.url(productRoute(product.slug)));
    await waitForRoute(page, store.baseUrl, productRoute(slug));
    await productName(page, renamed).waitFor();

    // An unknown slug: 404 with noindex for crawlers, "Product not found" for people.
    const unknown = '/product/no-such-product-e2e';
    const missing = await fetch(store.url(unknown));
    assert.equal(missing.status, 404);
    assert.ok((await missing.text()).includes('<meta name="robots" content="noindex">'));
    await page.goto(store.url(unknown));
    await productName(page, 'Product not found').waitFor();
    assert.equal(await page.title(), 'Product not found');
    await page.getByRole('link', { name: 'Back to the home page', exact: true }).waitFor();

    // Signed in, the app's own document: the page itself replaces the old address.
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    const asked = page.waitForRequest((request) =>
      request.url().endsWith(`/api/products/by-slug/${product.slug}`),
    );
    await page.goto(store.url(`${productRoute(product.slug)}#reviews`));
    await asked;
    await waitForRoute(page, store.baseUrl, `${productRoute(slug)}#reviews`);
    await productName(page, renamed).waitFor();
  }));

test('robots.txt names the sitemap, and the sitemap lists the product pages', async () => {
  const { product } = await arrangement();
  const robots = await fetch(store.url('/robots.txt'));
  assert.equal(robots.status, 200);
  assert.match(robots.headers.get('content-type') ?? '', /^text\/plain/);
  const rules = (await robots.text()).split('\n');
  for (const line of [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /secret-dashboard',
    `Sitemap: ${store.baseUrl}/sitemap.xml`,
  ])
    assert.ok(rules.includes(line), `robots.txt lacks "${line}"`);
  assert.ok(!rules.some((rule) => rule.startsWith('Disallow: /product')));

  const locsOf = async (url: string) => {
    const answer = await fetch(url);
    assert.equal(answer.status, 200, url);
    assert.match(answer.headers.get('content-type') ?? '', /xml/);
    return [...(await answer.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
  };
  const files = await locsOf(store.url('/sitemap.xml'));
  assert.ok(files.includes(`${store.baseUrl}/sitemaps/pages.xml`), files.join('\n'));
  assert.ok(
    files.some((file) => /\/sitemaps\/products-1\.xml$/.test(file)),
    files.join('\n'),
  );
  const pages: string[] = [];
  for (const file of files) {
    assert.ok(file.startsWith(`${store.baseUrl}/`), `${file} is not the store's`);
    pages.push(...(await locsOf(file)));
  }
  for (const page of [
    `${store.baseUrl}/`,
    `${store.baseUrl}/category/${product.category}`,
    store.url(productRoute(product.slug)),
  ])
    assert.ok(pages.includes(page), `the sitemap does not list ${page}`);
});
