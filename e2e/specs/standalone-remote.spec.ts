import assert from 'node:assert/strict';
import { after, before, test, type TestContext } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, runJourney, type JourneyOptions } from '../support/browser.ts';
import { addToCart, productCard, SEEDED } from '../support/catalog.ts';
import { DEMO_SHOPPER, heading, navbar, text } from '../support/shopper.ts';
import { startStandaloneRemote, type StandaloneRemote } from '../support/standalone-remote.ts';

/*
 * `npm run dev -w mf-catalog` as a team owning only that remote runs it: the webpack dev server
 * (about 10-30 s to the first compile here, well inside CI's patience, so the real command is
 * tested rather than a stand-in) and the api. No shell, no other remote.
 */

let remote: StandaloneRemote | null = null;
let browser: Browser | null = null;

before(async () => {
  remote = await startStandaloneRemote('mf-catalog');
  console.log(`mf-catalog dev server answered after ${remote.startupSeconds.toFixed(1)} s`);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await remote?.stop();
});

function journey(
  t: TestContext,
  run: (page: Page, url: string) => Promise<void>,
  options?: JourneyOptions,
) {
  if (!remote || !browser) throw new Error('The standalone remote did not start (see before)');
  const { url } = remote;
  return runJourney(browser, t.name, (page) => run(page, url), options);
}

test('mf-catalog alone renders home and a category with its own router and the api data', (t) => {
  const apiCalls: string[] = [];
  return journey(
    t,
    async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByRole('navigation', { name: 'mf-catalog standalone pages' }).waitFor();
      await heading(page, 'Discover Amazing Digital Creations').waitFor();
      assert.equal(await navbar(page).count(), 0, "the shell's navbar is there");

      const cards = page.getByTestId('category-card');
      await cards.first().waitFor();
      assert.ok((await cards.count()) > 0);
      // The icons are the shell's files, which the remote's dev server stands in for.
      const icon = cards.first().locator('img');
      await page.waitForFunction(
        (image) => (image as HTMLImageElement).complete,
        await icon.elementHandle(),
      );
      assert.ok(await icon.evaluate((image: HTMLImageElement) => image.naturalWidth > 0));

      // A client-side navigation keeps the document: the marker survives only that.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const card = cards.first();
      const name = await card.getByRole('heading').innerText();
      const href = await card.getAttribute('href');
      assert.match(href ?? '', /^\/category\/[a-z0-9-]+$/);
      await card.click();
      await page.waitForURL(`${url}${href}`);
      await heading(page, name).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      assert.equal(await page.evaluate(() => 'sameDocument' in window), true);

      // A deep link works too (the dev server falls back to index.html).
      await page.goto(`${url}/category/${SEEDED.monoCodeFont.category}`);
      await productCard(page, SEEDED.monoCodeFont.name).waitFor();

      const own = apiCalls.filter((call) => call.startsWith(`${url}/api/products/category/`));
      assert.ok(own.length >= 2, `category calls through the remote's origin: ${own.join(', ')}`);
    },
    { onRequest: (requestUrl) => requestUrl.includes('/api/') && apiCalls.push(requestUrl) },
  );
});

test('signed in from the standalone bar, Add to Cart reaches the api from the remote origin', (t) =>
  journey(t, async (page, url) => {
    const product = SEEDED.monoCodeFont;
    await page.goto(`${url}/category/${product.category}`);
    const card = productCard(page, product.name);
    await card.waitFor();

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await text(page, `Signed in as ${DEMO_SHOPPER.name}`).waitFor();

    await addToCart(card);
    await text(page, 'Product added to cart').first().waitFor();
    const cart = await page.request.get(`${url}/api/cart`);
    assert.equal(cart.status(), 200);
    const lines = (await cart.json()) as { name: string }[];
    assert.deepEqual(
      lines.map((line) => line.name),
      [product.name],
    );

    // The session outlives a reload (the standalone checks it at start, as the shell does).
    await page.reload();
    await text(page, `Signed in as ${DEMO_SHOPPER.name}`).waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  }));
