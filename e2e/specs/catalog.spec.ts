import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addToCart,
  openProduct,
  productCard,
  SEEDED,
  waitForCartCount,
  waitUntilInViewport,
} from '../support/catalog.ts';
import { DEMO_SHOPPER, heading, logIn, text, waitForRoute } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

const HOME_CATEGORIES = 6;

test('a visitor sees the home page, explores it and opens a category', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/'));
    await text(page, 'Premium Digital Marketplace').waitFor();
    await heading(page, 'Discover Amazing Digital Creations').waitFor();
    const stats = page.getByRole('region', { name: 'Store statistics' });
    for (const [value, label] of [
      ['10K+', 'Happy Customers'],
      ['50K+', 'Quality Products'],
      ['99%', 'Satisfaction Rate'],
    ] as const) {
      await stats.getByText(value, { exact: true }).waitFor();
      await stats.getByText(label, { exact: true }).waitFor();
    }

    const cards = page.getByTestId('category-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), HOME_CATEGORIES);

    // 'Explore Collection' scrolls (smoothly) down to the categories.
    const browseHeading = heading(page, 'Browse by Category');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.getByRole('button', { name: 'Explore Collection', exact: true }).click();
    await page.waitForFunction(() => window.scrollY > 0);
    await waitUntilInViewport(browseHeading);

    // The visible text is the store's copy; the name also says where the link leads.
    const learnMore = page.getByRole('link', { name: 'Learn More about the marketplace' });
    assert.equal(await learnMore.evaluate((link) => link.firstChild?.textContent), 'Learn More');
    await learnMore.click();
    await waitForRoute(page, store.baseUrl, '/about');
    await heading(page, 'About Us').waitFor();

    await page.goBack();
    await waitForRoute(page, store.baseUrl, '/');
    const card = cards.nth(1);
    const displayName = await card.getByRole('heading').innerText();
    assert.equal(await card.getByText('Category', { exact: true }).count(), 1);
    await card.getByText(`Explore premium ${displayName.toLowerCase()} collections`).waitFor();
    const href = await card.getAttribute('href');
    assert.match(href ?? '', /^\/category\/[a-z0-9-]+$/);
    await card.click();
    await waitForRoute(page, store.baseUrl, href!);
    await heading(page, displayName).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    // The page scrolls to the top on a route change.
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  }));

test('a signed-out visitor is asked to log in by Add to Cart', (t) =>
  store.journey(t, async (page) => {
    const card = await openProduct(page, store.baseUrl, SEEDED.monoCodeFont);
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await text(page, 'Please login to add products to cart').waitFor();
    assert.equal(await text(page, 'Product added to cart').count(), 0);
  }));

test('a signed-in shopper adds products and the cart badge follows at once', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await waitForCartCount(page, 0);

    const first = await openProduct(page, store.baseUrl, SEEDED.monoCodeFont);
    await addToCart(first);
    await text(page, 'Product added to cart').first().waitFor();
    await waitForCartCount(page, 1, { timeout: 5_000 });

    const second = productCard(page, SEEDED.vintageScript.name);
    await addToCart(second);
    await waitForCartCount(page, 2, { timeout: 5_000 });
    assert.ok((await text(page, 'Product added to cart').count()) >= 1);

    // Adding the same product again raises its quantity, not the number of lines.
    await addToCart(second);
    await text(page, 'Product added to cart').first().waitFor();
    await page.reload();
    await waitForCartCount(page, 2);
  }));

test('the footer lists six categories, each opening its page', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/about'));
    const footerCategories = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Categories', exact: true });
    const links = footerCategories.getByRole('link');
    await links.first().waitFor();
    assert.equal(await links.count(), 6);

    const entries: { name: string; href: string }[] = [];
    for (const link of await links.all()) {
      entries.push({ name: await link.innerText(), href: (await link.getAttribute('href')) ?? '' });
    }
    for (const { name, href } of entries) {
      assert.match(href, /^\/category\/[a-z0-9-]+$/);
      await footerCategories.getByRole('link', { name, exact: true }).click();
      await waitForRoute(page, store.baseUrl, href);
      await heading(page, name).waitFor();
      await page.getByTestId('product-card').first().waitFor();
    }
  }));

test('the static pages render, the FAQ search filters, unknown pages say so', (t) =>
  store.journey(t, async (page) => {
    for (const [route, title] of [
      ['/about', 'About Us'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/support', 'Support Center'],
      ['/faq', 'Frequently Asked Questions'],
    ] as const) {
      await page.goto(store.url(route));
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    }

    // Still on /faq: the search narrows the questions down.
    const questions = page.locator('[aria-controls^="faq-a-"]');
    await questions.first().waitFor();
    const all = await questions.count();
    const search = page.getByLabel('Search FAQs', { exact: true });
    await search.fill('refund');
    await page.getByRole('button', { name: 'Can I get a refund?' }).waitFor();
    await page.waitForFunction(
      (total) => document.querySelectorAll('[aria-controls^="faq-a-"]').length < total,
      all,
    );
    for (const question of await questions.all()) {
      const id = (await question.getAttribute('aria-controls')) ?? '';
      const answer = await page.locator(`[id="${id}"]`).textContent();
      const both = `${await question.innerText()} ${answer ?? ''}`.toLowerCase();
      assert.ok(both.includes('refund'), `"${both}" does not mention refund`);
    }
    await search.fill('xqzzy nonsense 42');
    await text(page, 'No FAQs found matching your search.').waitFor();
    assert.equal(await questions.count(), 0);
    await search.fill('');
    await page.waitForFunction(
      (total) => document.querySelectorAll('[aria-controls^="faq-a-"]').length === total,
      all,
    );

    await page.goto(store.url('/category/no-such-category'));
    await text(page, 'No products found').waitFor();
    await heading(page, 'No-such-category').waitFor();

    await page.goto(store.url('/this/route/does-not-exist'));
    await heading(page, 'Page not found').waitFor();
    await page.getByRole('link', { name: 'Back to Home', exact: true }).click();
    await waitForRoute(page, store.baseUrl, '/');
    await heading(page, 'Discover Amazing Digital Creations').waitFor();
  }));
