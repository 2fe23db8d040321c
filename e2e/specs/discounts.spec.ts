import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { applyCode, openCart, proceedToHostedPage, summaryValue } from '../support/cart.ts';
import { addToCart, dollars, openProduct, SEEDED, waitForCartCount } from '../support/catalog.ts';
import { openDashboardTab } from '../support/dashboard.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  heading,
  logIn,
  navbar,
  navLink,
  newAccount,
  text,
  toast,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

async function logOut(page: Page): Promise<void> {
  await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await navLink(page, 'Login').waitFor();
}

/** The Discounts tab's row of `code`. */
function codeRow(page: Page, code: string) {
  return page.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: code, exact: true }),
  });
}

test('a seller runs a launch: a code for one use, made on the dashboard, charged at checkout, then used up', (t) =>
  store.journey(t, async (page) => {
    const code = `LAUNCH-${randomBytes(3).toString('hex').toUpperCase()}`;
    const product = SEEDED.vintageScript;

    // The admin makes a 20% code that one checkout may use.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Discounts');
    await page.getByRole('button', { name: 'New discount code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount code', exact: true });
    await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await dialog.getByLabel('Percent', { exact: true }).check();
    await dialog.getByLabel('Percent off', { exact: true }).fill('20');
    await dialog.getByLabel('Total use limit', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Create discount', exact: true }).click();
    await toast(page, 'Discount created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = codeRow(page, code);
    await row.getByText('20% off', { exact: true }).waitFor();
    await row.getByText('0 / 1', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await logOut(page);

    // A buyer applies it: the summary is the server's quote, and the hosted page charges it.
    const first = newAccount('Lena');
    await createVerifiedAccount(store.apiUrl, first);
    await logIn(page, store.baseUrl, first);
    await addToCart(await openProduct(page, store.baseUrl, product));
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    await heading(page, 'Your Cart').waitFor();
    // The welcome coupon is offered first, filling the box: the code is typed over it.
    await page.getByText('Your Available Coupon:').waitFor();
    await applyCode(page, code.toLowerCase());
    await text(page, 'Coupon applied successfully').waitFor();
    const total = Math.round(product.price * 80) / 100;
    await summaryValue(page, `Coupon (${code})`).waitFor();
    assert.equal(await summaryValue(page, `Coupon (${code})`).innerText(), '-20%');
    assert.equal(await summaryValue(page, 'Original price').innerText(), dollars(product.price));
    assert.equal(
      await summaryValue(page, 'Savings').innerText(),
      `-${dollars(product.price - total)}`,
    );
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(total));
    await proceedToHostedPage(page);
    assert.equal(await page.getByTestId('total').innerText(), dollars(total));
    await page.getByRole('button', { name: `Pay ${dollars(total)}`, exact: true }).click();
    await heading(page, 'Purchase Successful!').waitFor();
    await logOut(page);

    // The one use is spent: the next buyer is told why, and the cart keeps its full price.
    const second = newAccount('Omar');
    await createVerifiedAccount(store.apiUrl, second);
    await logIn(page, store.baseUrl, second);
    await addToCart(await openProduct(page, store.baseUrl, product));
    await waitForCartCount(page, 1);
    await openCart(page, store.baseUrl);
    await page.getByText('Your Available Coupon:').waitFor();
    await applyCode(page, code);
    await page.getByRole('alert').filter({ hasText: 'This code has been used up' }).waitFor();
    assert.equal(await summaryValue(page, 'Total').innerText(), dollars(product.price));
    assert.equal(await summaryValue(page, `Coupon (${code})`).count(), 0);
    await logOut(page);

    // The dashboard counts the use and its revenue.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Discounts');
    await codeRow(page, code).getByText('1 / 1', { exact: true }).waitFor();
    await codeRow(page, code).getByText(dollars(total), { exact: true }).waitFor();
  }));
