import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addToCart,
  dollars,
  openProduct,
  parseDollars,
  SEEDED,
  waitForCartCount,
} from '../support/catalog.ts';
import {
  createVerifiedAccount,
  DEMO_SHOPPER,
  heading,
  logIn,
  navLink,
  newAccount,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';
import { openCart, proceedToHostedPage, summaryValue } from '../support/cart.ts';

const store = useStore();

test('a shopper applies the welcome coupon, pays on the hosted page and sees the order', (t) =>
  store.journey(t, async (page) => {
    const products = [SEEDED.scifiVehicles, SEEDED.productivitySuite];
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    for (const [index, product] of products.entries()) {
      await addToCart(await openProduct(page, store.baseUrl, product));
      await waitForCartCount(page, index + 1);
    }

    await openCart(page, store.baseUrl);
    await heading(page, 'Your Cart').waitFor();
    const lines = page.getByTestId('cart-line');
    assert.equal(await lines.count(), products.length);
    let subtotal = 0;
    for (const product of products) {
      const line = lines.filter({ has: page.getByRole('heading', { name: product.name }) });
      const price = parseDollars(await line.getByText(/^\$[\d,.]+$/).innerText());
      assert.equal(price, product.price, `${product.name} is shown at ${price}`);
      subtotal += price;
    }

    // The welcome coupon is offered and pre-fills the code.
    const available = page.getByText('Your Available Coupon:');
    await available.waitFor();
    const offer = (await available.locator('strong').innerText()).trim();
    const match = /^(\S+) - (\d+)% off$/.exec(offer);
    assert.ok(match, `unexpected coupon offer "${offer}"`);
    const [, code, percentText] = match;
    const percent = Number(percentText);
    assert.equal(percent, 10);
    const codeInput = page.getByRole('textbox', {
      name: 'Do you have a voucher or gift card?',
    });
    assert.equal(await codeInput.inputValue(), code);
    assert.equal(await summaryValue(page, 'Savings').count(), 0);
    assert.equal(await summaryValue(page, 'Original price').innerText(), dollars(subtotal));
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(subtotal));

    await page.getByRole('button', { name: 'Apply Code', exact: true }).click();
    await text(page, 'Coupon applied successfully').waitFor();
    await text(page, 'Applied Coupon').waitFor();
    const savings = Math.round(subtotal * percent) / 100;
    const total = Math.round((subtotal - savings) * 100) / 100;
    await summaryValue(page, 'Savings').waitFor();
    assert.equal(await summaryValue(page, 'Savings').innerText(), `-${dollars(savings)}`);
    assert.equal(await summaryValue(page, `Coupon (${code})`).innerText(), `-${percent}%`);
    assert.equal(await summaryValue(page, 'Original price').innerText(), dollars(subtotal));
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(total));

    // The provider's hosted page repeats the lines and the discounted total.
    await proceedToHostedPage(page);
    for (const product of products) {
      const row = page.getByRole('row').filter({ hasText: product.name });
      await row.getByText(`Qty 1 × ${dollars(product.price)}`, { exact: true }).waitFor();
    }
    assert.equal(await page.getByTestId('total').innerText(), dollars(total));

    // Hold the confirmation call until 'Processing...' has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/checkout-success', async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.getByRole('button', { name: `Pay ${dollars(total)}`, exact: true }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/purchase-success' &&
          /^.+$/.test(url.searchParams.get('session_id') ?? ''),
      );
      await text(page, 'Processing...').waitFor();
    } finally {
      release();
    }
    await heading(page, 'Purchase Successful!').waitFor();
    await text(page, 'Check your email for order details and updates.').waitFor();
    await waitForCartCount(page, 0);

    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    const order = page.getByTestId('order-card');
    await order.first().waitFor();
    assert.equal(await order.count(), 1);
    await order.getByText('Completed', { exact: true }).waitFor();
    await order.getByText(dollars(total), { exact: true }).waitFor();
    await order.getByText('2 items', { exact: true }).waitFor();

    // The cart is empty now, on the server too.
    await page.goto(store.url('/cart'));
    await heading(page, 'Your cart is empty').waitFor();
  }));

test('cancelling on the hosted page keeps the cart', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Carl');
    await createVerifiedAccount(store.apiUrl, account);
    await logIn(page, store.baseUrl, account);
    await addToCart(await openProduct(page, store.baseUrl, SEEDED.monoCodeFont));
    await waitForCartCount(page, 1);

    await openCart(page, store.baseUrl);
    await proceedToHostedPage(page);
    await page.getByRole('row').filter({ hasText: SEEDED.monoCodeFont.name }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await waitForRoute(page, store.baseUrl, '/purchase-cancel');
    await heading(page, 'Purchase Cancelled').waitFor();
    await text(page, 'Your order has been cancelled. No charges have been made.').waitFor();
    await page.getByRole('link', { name: 'Return to Shop', exact: true }).waitFor();

    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    await heading(page, 'Your Cart').waitFor();
    const line = page.getByTestId('cart-line');
    assert.equal(await line.count(), 1);
    await line.getByRole('heading', { name: SEEDED.monoCodeFont.name, exact: true }).waitFor();
  }));

test('an empty cart invites to shop; a success page without a session says so', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Emma');
    await createVerifiedAccount(store.apiUrl, account);
    await logIn(page, store.baseUrl, account);

    await openCart(page, store.baseUrl);
    await heading(page, 'Your cart is empty').waitFor();
    await page.getByRole('link', { name: 'Start Shopping', exact: true }).click();
    await waitForRoute(page, store.baseUrl, '/');

    await page.goto(store.url('/purchase-success'));
    await text(page, 'Error: No session ID found in the URL').waitFor();
    assert.equal(await heading(page, 'Purchase Successful!').count(), 0);
  }));
