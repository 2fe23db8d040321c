import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { productCard, SEEDED } from '../support/catalog.ts';
import { measureLayout } from '../support/layout.ts';
import {
  buyBox,
  productName,
  productRoute,
  reviewedPageProduct,
  slugOf,
  type ReviewedProduct,
} from '../support/product-page.ts';
import { waitUntilSettled } from '../support/screens.ts';
import { heading, logIn, navbar, navLink, text, waitForRoute } from '../support/shopper.ts';
import { addToCartViaApi, productIdViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

// The product the reading journeys share, made once by the first that needs it.
let arranged: Promise<ReviewedProduct> | null = null;
const arrangement = () =>
  (arranged ??= reviewedPageProduct(store, { namePrefix: 'E2E Page', seed: 21 }));

test('a visitor opens the product page from a card (image and name), a search and a related product', (t) =>
  store.journey(t, async (page) => {
    const { product } = await arrangement();
    const route = productRoute(product.slug);
    // The slug is the name's words, lowercased and hyphenated.
    assert.equal(product.slug, product.name.toLowerCase().replace(/ /g, '-'));

    // The home page's featured row: a seeded product's card, by its name.
    const featuredAnswer = await page.request.get(store.url('/api/products/featured'));
    const [featured] = (await featuredAnswer.json()) as { name: string; slug: string }[];
    assert.ok(featured, 'no featured product');
    await page.goto(store.url('/'));
    const row = page.getByRole('region', { name: 'Featured Products', exact: true });
    await productCard(row, featured.name)
      .getByRole('link', { name: featured.name, exact: true })
      .click();
    await waitForRoute(page, store.baseUrl, productRoute(featured.slug));
    await productName(page, featured.name).waitFor();

    // A category page's card: its image, then (back) its name.
    await page.goto(store.url(`/category/${product.category}`));
    const card = productCard(page, product.name);
    await card.getByAltText(product.name, { exact: true }).click();
    await waitForRoute(page, store.baseUrl, route);
    await productName(page, product.name).waitFor();
    assert.equal(await page.title(), product.name);
    await page.goBack();
    await card.getByRole('link', { name: product.name, exact: true }).click();
    await waitForRoute(page, store.baseUrl, route);
    await productName(page, product.name).waitFor();

    // What the page shows of it: price, Add to Cart for a visitor, the file, the description.
    await page.getByText('$9.50', { exact: true }).first().waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).waitFor();
    const facts = page.getByLabel('File and download terms', { exact: true });
    await facts.getByText('guide.txt', { exact: true }).waitFor();
    await facts.getByText('5 per purchase', { exact: true }).waitFor();
    const description = page.getByRole('region', { name: 'Description', exact: true });
    await description.locator('strong', { hasText: 'field guide' }).waitFor();
    assert.deepEqual(await description.getByRole('listitem').allInnerTexts(), [
      'Ten pages',
      'One printable map',
    ]);

    // Search results: the name in the navbar's box, then the result's name.
    const box = navbar(page).getByRole('searchbox', { name: 'Search products', exact: true });
    await box.fill(product.name);
    await box.press('Enter');
    await heading(page, `Results for “${product.name}”`).waitFor();
    await productCard(page, product.name)
      .getByRole('link', { name: product.name, exact: true })
      .click();
    await waitForRoute(page, store.baseUrl, route);
    await productName(page, product.name).waitFor();

    // A related product (same category) opens its own page.
    const related = page.getByRole('region', { name: 'Related products', exact: true });
    const other = related.getByTestId('product-card').first();
    const otherName = await other.getByRole('heading').innerText();
    assert.notEqual(otherName, product.name);
    await other.getByRole('link', { name: otherName, exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/product/') && url.href !== store.url(route),
    );
    await productName(page, otherName).waitFor();
  }));

test('a buyer opens the product page from a cart line, an order item and My Downloads', (t) =>
  store.journey(t, async (page) => {
    const { product, buyer } = await arrangement();
    const route = productRoute(product.slug);
    await logIn(page, store.baseUrl, buyer);
    const font = SEEDED.monoCodeFont;
    const fontId = await productIdViaApi(page.request, store.baseUrl, font);
    await addToCartViaApi(page.request, store.baseUrl, fontId);
    const fontSlug = await slugOf(page.request, store.baseUrl, { id: fontId, ...font });

    // A cart line's name (the cart, loaded again, holds the line the api added): a product the
    // buyer does not own offers Add to Cart.
    await page.goto(store.url('/cart'));
    await page.getByTestId('cart-line').getByRole('link', { name: font.name, exact: true }).click();
    await waitForRoute(page, store.baseUrl, productRoute(fontSlug));
    await productName(page, font.name).waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).waitFor();

    // An order item's name, in the order's details: the product is in the buyer's library.
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    await page
      .getByRole('button', { name: /^View details of order / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Order #/ });
    await dialog.getByRole('link', { name: product.name, exact: true }).click();
    await waitForRoute(page, store.baseUrl, route);
    await dialog.waitFor({ state: 'detached' });
    await productName(page, product.name).waitFor();
    const owned = page.getByTestId('owned');
    await owned.getByText('In your library', { exact: true }).waitFor();
    await owned.getByText('5/5 downloads left · Never expires', { exact: true }).waitFor();
    assert.equal(await buyBox(page).getByRole('button', { name: 'Add to Cart' }).count(), 0);
    // Its Download counts as My Downloads' does.
    await owned.getByRole('button', { name: 'Download', exact: true }).click();
    await text(page, 'Download started!').waitFor();
    await owned.getByText('4/5 downloads left · Never expires', { exact: true }).waitFor();

    // My Downloads: the card's name.
    await navLink(page, 'Orders').click();
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const download = page
      .getByTestId('download-card')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await download.getByText('4/5 downloads left', { exact: true }).waitFor();
    await download.getByRole('link', { name: product.name, exact: true }).click();
    await waitForRoute(page, store.baseUrl, route);
    await productName(page, product.name).waitFor();
    await owned.getByText('In your library', { exact: true }).waitFor();
  }));

test('the product page fits 375 and 1280 px: the gallery above the details, then beside them', (t) =>
  store.journey(
    t,
    async (page) => {
      const { product } = await arrangement();
      await page.goto(store.url(productRoute(product.slug)));
      const name = productName(page, product.name);
      await name.waitFor();
      await waitUntilSettled(page);
      const image = page.getByRole('img', { name: `${product.name}, image 1 of 3`, exact: true });
      const shown = {
        image,
        name,
        price: page.getByText('$9.50', { exact: true }).first(),
        addToCart: buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }),
        thumbnails: page.getByRole('group', { name: 'Product images', exact: true }),
        facts: page.getByLabel('File and download terms', { exact: true }),
      };
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const layout = await measureLayout(page);
        assert.ok(
          layout.scrollWidth <= layout.innerWidth,
          `at ${width} px the page is ${layout.scrollWidth} px wide`,
        );
        assert.deepEqual(layout.overlaps, [], `at ${width} px`);
        assert.deepEqual(layout.sidewaysScrollers, [], `at ${width} px`);
        for (const [what, locator] of Object.entries(shown)) {
          const box = await locator.boundingBox();
          assert.ok(box && (await locator.isVisible()), `at ${width} px the ${what} is not shown`);
          assert.ok(
            box.x >= 0 && box.x + box.width <= width + 1,
            `at ${width} px the ${what} is cut`,
          );
        }
        const picture = (await image.boundingBox())!;
        const title = (await name.boundingBox())!;
        if (width === 375) {
          assert.ok(
            title.y >= picture.y + picture.height,
            'at 375 px the name is not below the image',
          );
        } else {
          assert.ok(
            title.x >= picture.x + picture.width,
            'at 1280 px the name is not beside the image',
          );
          assert.ok(title.y < picture.y + picture.height, 'at 1280 px the name is below the image');
        }
      }

      // A thumbnail shows its image large.
      await page.getByRole('button', { name: 'Show image 2 of 3', exact: true }).click();
      await page.getByRole('img', { name: `${product.name}, image 2 of 3`, exact: true }).waitFor();
    },
    { viewport: { width: 375, height: 800 } },
  ));

test('axe-core finds no violation on the product page: visitor, owner with a review, not found', (t) =>
  store.journey(t, async (page) => {
    const { product, buyer } = await arrangement();
    const route = productRoute(product.slug);
    const failures: string[] = [];
    const check = async (state: string) => {
      await waitUntilSettled(page);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${state}:\n${describeViolations(violations)}`);
    };

    await page.goto(store.url(route));
    await page.getByTestId('review').first().waitFor();
    await check('as a visitor');
    await page.goto(store.url('/product/no-such-product-e2e'));
    await productName(page, 'Product not found').waitFor();
    await check('not found');

    await logIn(page, store.baseUrl, buyer);
    await page.goto(store.url(route));
    await page.getByTestId('owned').waitFor();
    await heading(page, 'Your review').waitFor();
    await check('as its buyer, who reviewed it');
    assert.deepEqual(failures, [], failures.join('\n'));
  }));
