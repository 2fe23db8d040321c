import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { cartLine, openCart, proceedToHostedPage, summaryValue } from '../support/cart.ts';
import { addToCart, dollars, productCard, waitForCartCount } from '../support/catalog.ts';
import { newPricedProducts, newShopper, PRICED_CATEGORY } from '../support/priced-products.ts';
import { buyBox, productRoute } from '../support/product-page.ts';
import { downloadCard, openMyDownloads } from '../support/my-orders.ts';
import { heading, logIn, text } from '../support/shopper.ts';
import { apiSessionFor, purchaseViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

async function payOnHostedPage(page: Page, total: number): Promise<void> {
  await proceedToHostedPage(page);
  assert.equal(await page.getByTestId('total').innerText(), dollars(total));
  await page.getByRole('button', { name: `Pay ${dollars(total)}`, exact: true }).click();
  await heading(page, 'Purchase Successful!').waitFor();
}

test('a sale: the card strikes the price, the cart and the hosted page charge the sale price', (t) =>
  store.journey(t, async (page) => {
    const [brushes] = await newPricedProducts(store, [
      { prefix: 'E2E Sale Brushes', price: 20, pricing: { salePrice: 15 } },
    ]);
    await logIn(page, store.baseUrl, await newShopper(store, 'Sal'));

    await page.goto(store.url(`/category/${PRICED_CATEGORY}`));
    const card = productCard(page, brushes!.name);
    await card.getByText('$15.00', { exact: true }).waitFor();
    await card.locator('s').filter({ hasText: '$20.00' }).waitFor();
    await addToCart(card);
    await waitForCartCount(page, 1);

    await openCart(page, store.baseUrl);
    const line = cartLine(page, brushes!.name);
    await line.locator('s').filter({ hasText: '$20.00' }).waitFor();
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(15));
    await payOnHostedPage(page, 15);
  }));

test('pay what you want: below the minimum is refused, the chosen price is charged, and free is free', (t) =>
  store.journey(t, async (page) => {
    const [tip, gift] = await newPricedProducts(store, [
      {
        prefix: 'E2E Tip Jar Pack',
        price: 5,
        pricing: { pricing: 'pay_what_you_want', suggestedPrice: 12 },
      },
      { prefix: 'E2E Free Sampler', price: 0, pricing: { pricing: 'pay_what_you_want' } },
    ]);
    await logIn(page, store.baseUrl, await newShopper(store, 'Pia'));

    // The page names the terms; the price is chosen in the cart.
    await page.goto(store.url(productRoute(tip!.slug)));
    await heading(page, tip!.name).waitFor();
    await text(page, 'Minimum $5.00 · Suggested $12.00').waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await waitForCartCount(page, 1);

    await openCart(page, store.baseUrl);
    const line = cartLine(page, tip!.name);
    const price = line.getByLabel('Your price', { exact: true });
    await price.fill('3');
    await price.press('Enter');
    await line.getByRole('alert').filter({ hasText: 'Price must be at least $5.00' }).waitFor();
    await price.fill('8');
    await price.press('Enter');
    await summaryValue(page, 'Total')
      .filter({ hasText: dollars(8) })
      .waitFor();
    await payOnHostedPage(page, 8);

    // A minimum of 0, paid 0: no payment page, straight to the success page.
    await page.goto(store.url(productRoute(gift!.slug)));
    await heading(page, gift!.name).waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    const free = cartLine(page, gift!.name).getByLabel('Your price', { exact: true });
    await free.fill('0');
    await free.press('Enter');
    await summaryValue(page, 'Total')
      .filter({ hasText: dollars(0) })
      .waitFor();
    await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
    await heading(page, 'Purchase Successful!').waitFor();
    await waitForCartCount(page, 0);
    await openMyDownloads(page, store.baseUrl);
    await downloadCard(page, gift!.name).waitFor();
  }));

test('a bundle: its page lists the items, a buyer who owns one pays the rest, and gets them all', (t) =>
  store.journey(t, async (page) => {
    const [first, second] = await newPricedProducts(store, [
      { prefix: 'E2E Bundle Brushes', price: 9.5 },
      { prefix: 'E2E Bundle Textures', price: 14 },
    ]);
    const [bundle] = await newPricedProducts(store, [
      {
        prefix: 'E2E Starter Bundle',
        price: 20,
        pricing: { bundleItems: [first!.id, second!.id] },
      },
    ]);
    const buyer = await newShopper(store, 'Bea');
    const session = await apiSessionFor(store.baseUrl, buyer);
    try {
      await purchaseViaApi(session, store.baseUrl, [first!.id]);
    } finally {
      await session.dispose();
    }
    await logIn(page, store.baseUrl, buyer);

    await page.goto(store.url(productRoute(bundle!.slug)));
    await heading(page, bundle!.name).waitFor();
    const items = page.getByRole('region', { name: 'In this bundle' });
    await items.getByRole('link', { name: first!.name }).waitFor();
    await items.getByRole('link', { name: second!.name }).waitFor();
    // 20.00 less the 9.50 paid for the item owned.
    await text(page, 'You own 1 of 2').waitFor();
    await page.getByText('Your price:').filter({ hasText: '$10.50' }).waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await waitForCartCount(page, 1);

    await openCart(page, store.baseUrl);
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(10.5));
    await payOnHostedPage(page, 10.5);

    await openMyDownloads(page, store.baseUrl);
    for (const product of [first!, second!]) await downloadCard(page, product.name).waitFor();
  }));
