import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  checkEveryFocusRing,
  checkFocusTrap,
  checkTabs,
  focusRing,
  isFocused,
  tabTo,
} from '../support/keyboard.ts';
import { waitUntilSettled } from '../support/screens.ts';
import { DASHBOARD_TABS } from '../support/dashboard.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, heading, logIn, navbar, navLink } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';
import { arrangeOrderAndCartLine } from '../support/visit-as.ts';

const store = useStore();

/**
 * Reaches `opener` with Tab and opens its dialog with Enter; checks the focus trap, closes the
 * dialog with `close` and checks focus is back on the opener.
 */
async function checkDialog(
  page: Page,
  opener: Locator,
  dialog: Locator,
  close: () => Promise<void>,
  /** Waits for content the dialog fetches after it opens, whose controls join the trap. */
  loaded: (dialog: Locator) => Promise<void> = async () => undefined,
): Promise<void> {
  await tabTo(opener);
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await loaded(dialog);
  await checkFocusTrap(dialog);
  await close();
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await isFocused(opener), 'focus did not return to the button that opened the dialog');
}

async function checkFocusRings(page: Page, routes: readonly string[]): Promise<number> {
  let stops = 0;
  for (const route of routes) {
    await page.goto(store.url(route));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitUntilSettled(page);
    stops += await checkEveryFocusRing(page);
  }
  return stops;
}

test('at 375 px the menu opens, is walked and closes with the keyboard alone', (t) =>
  store.journey(
    t,
    async (page) => {
      await page.goto(store.url('/'));
      const toggle = navbar(page).getByRole('button', { name: /^(Open|Close) menu$/ });
      const signUp = navLink(page, 'Sign Up');
      const login = navLink(page, 'Login');
      await tabTo(toggle);
      assert.ok((await focusRing(page)).width >= 2, 'the menu toggle shows no focus ring');
      await login.waitFor({ state: 'hidden' });

      await page.keyboard.press('Enter');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press('Tab');
      // The menu opens with its search box, then its links.
      const search = navbar(page).getByRole('searchbox', { name: 'Search products' });
      assert.ok(await isFocused(search), 'Tab from the open toggle should enter the menu');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.ok(await isFocused(signUp), 'Tab should walk on from the search to the links');
      await page.keyboard.press('Escape');
      await login.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.ok(await isFocused(toggle), 'Escape should hand focus back to the toggle');

      await page.keyboard.press('Space');
      await login.waitFor({ state: 'visible' });
      await tabTo(login);
      await page.keyboard.press('Enter');
      await heading(page, 'Welcome Back').waitFor();
      await login.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      t.diagnostic('mobile menu: toggle by Enter and Space, Tab into it, Escape, link by Enter');
    },
    { viewport: { width: 375, height: 812 } },
  ));

test('every Tab stop of the public pages shows a focus ring', (t) =>
  store.journey(t, async (page) => {
    const routes = ['/', '/login', '/signup', '/faq', '/about', '/support'];
    const stops = await checkFocusRings(page, routes);
    t.diagnostic(`focus ring checked on ${stops} Tab stops of ${routes.length} routes`);
  }));

test('the FAQ accordion opens and closes with Enter and Space, one item at a time', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/faq'));
    const first = page.getByRole('button', { name: /payment methods/ });
    const second = page.getByRole('button', { name: /^In which currency/ });
    const firstAnswer = page.getByRole('region', { name: /payment methods/ });
    await tabTo(first);
    assert.equal(await first.getAttribute('aria-expanded'), 'true');

    await page.keyboard.press('Enter');
    await firstAnswer.waitFor({ state: 'hidden' });
    assert.equal(await first.getAttribute('aria-expanded'), 'false');
    await page.keyboard.press('Space');
    await firstAnswer.waitFor({ state: 'visible' });
    assert.equal(await first.getAttribute('aria-expanded'), 'true');

    await page.keyboard.press('Tab');
    assert.ok(await isFocused(second), 'Tab should reach the next question');
    await page.keyboard.press('Space');
    assert.equal(await second.getAttribute('aria-expanded'), 'true');
    await firstAnswer.waitFor({ state: 'hidden' });
    t.diagnostic('FAQ accordion: Enter and Space toggle, one item open');
  }));

test("About's Let's Talk dialog traps focus, closes on Escape and on Close, and returns focus", (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/about'));
    const opener = page.getByRole('button', { name: 'Get Started', exact: true });
    const dialog = page.getByRole('dialog', { name: "Let's Talk" });
    await checkDialog(page, opener, dialog, () => page.keyboard.press('Escape'));
    await checkDialog(page, opener, dialog, async () => {
      await tabTo(dialog.getByRole('button', { name: 'Close', exact: true }));
      await page.keyboard.press('Enter');
    });
    t.diagnostic("Let's Talk dialog: trap, Escape, Close, focus return");
  }));

test('a shopper uses the account tabs and the order details dialog with the keyboard', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await arrangeOrderAndCartLine(page, store.baseUrl);

    await page.goto(store.url('/orders'));
    await checkTabs(page, ['Order History', 'My Downloads']);
    await page.goto(store.url('/orders'));
    const opener = page.getByRole('button', { name: /^View details of order / });
    const dialog = page.getByRole('dialog', { name: /^Order #/ });
    // The details arrive after the dialog opens, and their Download buttons join the trap.
    await checkDialog(
      page,
      opener,
      dialog,
      () => page.keyboard.press('Escape'),
      (opened) => opened.getByTestId('order-item').first().waitFor(),
    );

    await page.goto(store.url('/profile'));
    await checkTabs(page, ['Profile Info', 'Security']);

    const stops = await checkFocusRings(page, ['/cart', '/orders', '/profile']);
    t.diagnostic(
      `/orders and /profile tabs, order details dialog, ${stops} focus rings on 3 routes`,
    );
  }));

test('an admin uses the dashboard tabs, the edit form and the delete confirmation with the keyboard', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await page.goto(store.url('/secret-dashboard'));
    await heading(page, 'Create New Product').waitFor();
    let stops = await checkEveryFocusRing(page);
    await checkTabs(page, DASHBOARD_TABS);
    await page
      .getByRole('table', { name: 'All reviews, newest first' })
      .or(page.getByText('No reviews yet', { exact: true }))
      .waitFor();
    await waitUntilSettled(page);
    stops += await checkEveryFocusRing(page);

    await tabTo(page.getByRole('tab', { name: 'Reviews', exact: true }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('searchbox', { name: 'Search licenses', exact: true }).waitFor();
    await waitUntilSettled(page);
    stops += await checkEveryFocusRing(page);

    await tabTo(page.getByRole('tab', { name: 'Licenses', exact: true }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await page
      .getByRole('table', { name: 'All discount codes, newest first' })
      .or(page.getByText('No discount codes yet', { exact: true }))
      .waitFor();
    await waitUntilSettled(page);
    stops += await checkEveryFocusRing(page);

    await tabTo(page.getByRole('tab', { name: 'Discounts', exact: true }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await page
      .getByRole('table', { name: 'All orders, newest first' })
      .or(page.getByText('No orders yet', { exact: true }))
      .waitFor();
    await waitUntilSettled(page);
    stops += await checkEveryFocusRing(page);

    await tabTo(page.getByRole('tab', { name: 'Orders', exact: true }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await page.getByText('Show the numbers', { exact: true }).waitFor();
    stops += await checkEveryFocusRing(page);

    await tabTo(page.getByRole('tab', { name: 'Analytics', exact: true }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    const editDialog = page.getByRole('dialog', { name: /^Edit / });
    // The selects are filled once the options arrive, and the gallery's buttons once the
    // product's previews do; the focus trap is checked after both.
    const filled = async (dialog: Locator) => {
      await dialog.locator('select[aria-busy="false"]').first().waitFor();
      await dialog.getByRole('list', { name: 'Preview images in order' }).waitFor();
    };
    await checkDialog(page, edit, editDialog, () => page.keyboard.press('Escape'), filled);
    await checkDialog(
      page,
      edit,
      editDialog,
      async () => {
        await tabTo(editDialog.getByRole('button', { name: 'Cancel', exact: true }));
        await page.keyboard.press('Enter');
      },
      filled,
    );

    const remove = page.getByRole('button', { name: /^Delete / }).first();
    const product = (await remove.getAttribute('aria-label'))!.replace(/^Delete /, '');
    const dialog = page.getByRole('dialog', { name: 'Delete product?' });
    await checkDialog(page, remove, dialog, () => page.keyboard.press('Escape'));
    await checkDialog(page, remove, dialog, async () => {
      await tabTo(dialog.getByRole('button', { name: 'Cancel', exact: true }));
      await page.keyboard.press('Enter');
    });
    await page.getByRole('rowheader', { name: product, exact: true }).waitFor();
    t.diagnostic(`dashboard tabs, edit and delete dialogs, ${stops} focus rings`);
  }));
