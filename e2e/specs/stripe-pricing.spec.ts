import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartLine, openCart, summaryValue } from '../support/cart.ts';
import { addToCart, dollars, productCard, waitForCartCount } from '../support/catalog.ts';
import { openDashboardTab, refundOneLine } from '../support/dashboard.ts';
import {
  downloadCard,
  openMyDownloads,
  openOrderHistory,
  orderCard,
} from '../support/my-orders.ts';
import { newPricedProducts, newShopper, PRICED_CATEGORY } from '../support/priced-products.ts';
import { buyBox, productRoute } from '../support/product-page.ts';
import { DEMO_ADMIN, heading, logIn, navbar, navLink, text } from '../support/shopper.ts';
import { addToCartViaApi, apiSessionFor } from '../support/store-api.ts';
import {
  payInStripeForm,
  proceedToStripeForm,
  purchaseViaStripe,
  standInForStripe,
  useStripeStore,
} from '../support/stripe.ts';

// The pricing journeys of pricing.spec.ts and the line refund of admin-orders.spec.ts, with
// Stripe as the provider: the browser goes up to Stripe's form, the fake Stripe takes the
// payment, and the browser comes back where Stripe would send it.
const { store, fake } = await useStripeStore();

test('a sale in Stripe mode: the card strikes the price, Stripe charges the sale price, the order shows it', (t) =>
  store.journey(t, async (page) => {
    await standInForStripe(page);
    const [brushes] = await newPricedProducts(store, [
      { prefix: 'E2E Stripe Sale Brushes', price: 20, pricing: { salePrice: 15 } },
    ]);
    await logIn(page, store.baseUrl, await newShopper(store, 'Sal'));

    await page.goto(store.url(`/category/${PRICED_CATEGORY}`));
    const card = productCard(page, brushes!.name);
    await card.getByText('$15.00', { exact: true }).waitFor();
    await card.locator('s').filter({ hasText: '$20.00' }).waitFor();
    await addToCart(card);
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(15));

    const { session } = await proceedToStripeForm(page, fake);
    assert.equal(session.amount_total, 1500);
    const { orderId } = await payInStripeForm(page, fake, session);

    await openOrderHistory(page, store.baseUrl);
    const order = orderCard(page, orderId);
    await order.getByText('Completed', { exact: true }).waitFor();
    await order.getByText(dollars(15), { exact: true }).waitFor();
  }));

test('pay what you want in Stripe mode: the price set in the cart is what Stripe charges', (t) =>
  store.journey(t, async (page) => {
    await standInForStripe(page);
    const [tip] = await newPricedProducts(store, [
      {
        prefix: 'E2E Stripe Tip Jar',
        price: 5,
        pricing: { pricing: 'pay_what_you_want', suggestedPrice: 12 },
      },
    ]);
    await logIn(page, store.baseUrl, await newShopper(store, 'Pia'));

    await page.goto(store.url(productRoute(tip!.slug)));
    await heading(page, tip!.name).waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    const price = cartLine(page, tip!.name).getByLabel('Your price', { exact: true });
    await price.fill('8.25');
    await price.press('Enter');
    await summaryValue(page, 'Total')
      .filter({ hasText: dollars(8.25) })
      .waitFor();

    const { session } = await proceedToStripeForm(page, fake);
    assert.equal(session.amount_total, 825);
    const { orderId } = await payInStripeForm(page, fake, session);

    await openOrderHistory(page, store.baseUrl);
    const order = orderCard(page, orderId);
    await order.getByText('Completed', { exact: true }).waitFor();
    await order.getByText(dollars(8.25), { exact: true }).waitFor();
  }));

test('a bundle in Stripe mode: a buyer who owns one item is charged the rest, and gets every item', (t) =>
  store.journey(t, async (page) => {
    await standInForStripe(page);
    const [first, second] = await newPricedProducts(store, [
      { prefix: 'E2E Stripe Bundle Brushes', price: 9.5 },
      { prefix: 'E2E Stripe Bundle Textures', price: 14 },
    ]);
    const [bundle] = await newPricedProducts(store, [
      {
        prefix: 'E2E Stripe Starter Bundle',
        price: 20,
        pricing: { bundleItems: [first!.id, second!.id] },
      },
    ]);
    const buyer = await newShopper(store, 'Bea');
    const client = await apiSessionFor(store.baseUrl, buyer);
    try {
      await purchaseViaStripe(client, store.baseUrl, fake, [first!.id]);
    } finally {
      await client.dispose();
    }
    await logIn(page, store.baseUrl, buyer);

    await page.goto(store.url(productRoute(bundle!.slug)));
    await heading(page, bundle!.name).waitFor();
    await text(page, 'You own 1 of 2').waitFor();
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    // 20.00 less the 9.50 paid for the item owned.
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(10.5));

    const { session } = await proceedToStripeForm(page, fake);
    assert.equal(session.amount_total, 1050);
    await payInStripeForm(page, fake, session);

    await openMyDownloads(page, store.baseUrl);
    for (const product of [first!, second!]) await downloadCard(page, product.name).waitFor();
  }));

test('a line refund in Stripe mode: Stripe refunds exactly that line, the order reads Partially refunded', (t) =>
  store.journey(t, async (page) => {
    await standInForStripe(page);
    const [kept, refunded] = await newPricedProducts(store, [
      { prefix: 'E2E Stripe Line Kept', price: 6 },
      { prefix: 'E2E Stripe Line Refunded', price: 7 },
    ]);
    const buyer = await newShopper(store, 'Lou');
    const client = await apiSessionFor(store.baseUrl, buyer);
    try {
      for (const product of [kept!, refunded!]) {
        await addToCartViaApi(client, store.baseUrl, product.id);
      }
    } finally {
      await client.dispose();
    }
    await logIn(page, store.baseUrl, buyer);
    await openCart(page, store.baseUrl);
    await summaryValue(page, 'Total')
      .filter({ hasText: dollars(13) })
      .waitFor();
    const { session } = await proceedToStripeForm(page, fake);
    assert.equal(session.amount_total, 1300);
    const { orderId, payment } = await payInStripeForm(page, fake, session);
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();

    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Orders');
    const row = await refundOneLine(page, { orderId, product: refunded!.name, amount: '$7.00' });
    await row.getByText('Partially refunded', { exact: true }).waitFor();
    assert.deepEqual(
      fake.refunds
        .filter((refund) => refund.payment_intent === payment.id)
        .map((refund) => [refund.amount, refund.status]),
      [[700, 'succeeded']],
    );
  }));
