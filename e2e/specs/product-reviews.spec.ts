import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe.ts';
import {
  buyBox,
  newBuyerOf,
  newPageProduct,
  productRoute,
  reviewsSection,
  reviewViaApi,
  shownReview,
  waitForRatingSummary,
} from '../support/product-page.ts';
import { waitUntilSettled } from '../support/screens.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  logIn,
  navbar,
  navLink,
  newAccount,
  text,
  toast,
  waitForRoute,
} from '../support/shopper.ts';
import { openDashboardTab } from '../support/dashboard.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

/** Axe's findings on the page as it is now, added to `failures` under `state`. */
async function checkAxe(page: Page, state: string, failures: string[]): Promise<void> {
  await waitUntilSettled(page);
  const violations = await axeViolations(page);
  if (violations.length) failures.push(`${state}:\n${describeViolations(violations)}`);
}

const writeForm = (page: Page) => page.getByRole('form', { name: 'Write a review', exact: true });
const myReview = (page: Page) => page.getByRole('region', { name: 'Your review', exact: true });

test('a buyer reviews the product in its page; the summary follows the review and its edit', (t) =>
  store.journey(t, async (page) => {
    const product = await newPageProduct(store, { namePrefix: 'E2E Reviewed', seed: 41 });
    const other = await newBuyerOf(store, 'Otto', [product.id]);
    const otherTitle = `Worth every cent ${product.slug}`;
    await reviewViaApi(store, other, product.id, {
      rating: 5,
      title: otherTitle,
      body: 'Exactly as described.',
    });
    const buyer = await newBuyerOf(store, 'Rae', [product.id]);
    const failures: string[] = [];

    await logIn(page, store.baseUrl, buyer);
    await page.goto(store.url(productRoute(product.slug)));
    await waitForRatingSummary(page, [5]);
    await shownReview(page, otherTitle).waitFor();

    // Sent empty, the form says what is missing and focuses the first field to fix.
    const form = writeForm(page);
    await form.getByRole('button', { name: 'Post review', exact: true }).click();
    for (const message of [
      'Rating must be a number from 1 to 5',
      'Title is required',
      'Review is required',
    ])
      await form.getByText(message, { exact: true }).waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')),
      'true',
    );
    await checkAxe(page, 'the review form with its errors', failures);

    // Posted: the summary counts it, the list shows it and the form gives way to the review.
    const title = `Clear and handy ${product.slug}`;
    await form.getByRole('radio', { name: '4 stars', exact: true }).check();
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Review', { exact: true }).fill('The map alone was worth it.');
    await form.getByRole('button', { name: 'Post review', exact: true }).click();
    await toast(page, 'Thanks for your review!').waitFor();
    await waitForRatingSummary(page, [5, 4]);
    const posted = shownReview(page, title);
    await posted.getByText('The map alone was worth it.', { exact: true }).waitFor();
    await posted.getByText('Verified buyer', { exact: true }).waitFor();
    await posted.getByText(/^Rae T\./).waitFor();
    await myReview(page).getByText(title, { exact: true }).waitFor();
    assert.equal(await form.count(), 0);

    // Edited: two stars and a new title, in the summary and the list.
    await myReview(page).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit your review', exact: true });
    assert.equal(await edit.getByLabel('Title', { exact: true }).inputValue(), title);
    assert.ok(await edit.getByRole('radio', { name: '4 stars', exact: true }).isChecked());
    const edited = `Good, but short ${product.slug}`;
    await edit.getByRole('radio', { name: '2 stars', exact: true }).check();
    await edit.getByLabel('Title', { exact: true }).fill(edited);
    await edit.getByRole('button', { name: 'Save review', exact: true }).click();
    await toast(page, 'Review updated').waitFor();
    await waitForRatingSummary(page, [5, 2]);
    await shownReview(page, edited).waitFor();
    assert.equal(await shownReview(page, title).count(), 0);
    await checkAxe(page, 'the buyer with a review', failures);

    // The server kept it: the same after a reload.
    await page.reload();
    await waitForRatingSummary(page, [5, 2]);
    await shownReview(page, edited).waitFor();

    // Another buyer's review is one vote more helpful, once.
    const helpful = shownReview(page, otherTitle).getByRole('button', { name: 'Helpful (0)' });
    await helpful.click();
    const voted = shownReview(page, otherTitle).getByRole('button', { name: 'Helpful (1)' });
    await voted.waitFor();
    assert.equal(await voted.getAttribute('aria-pressed'), 'true');
    assert.ok(await voted.isDisabled());
    assert.deepEqual(failures, [], failures.join('\n'));
  }));

test('a visitor reads the reviews; a shopper who did not buy gets no form, and the api refuses', (t) =>
  store.journey(t, async (page) => {
    const product = await newPageProduct(store, { namePrefix: 'E2E Read', seed: 51 });
    const buyer = await newBuyerOf(store, 'Vera', [product.id]);
    const title = `Lovely layouts ${product.slug}`;
    await reviewViaApi(store, buyer, product.id, { rating: 5, title, body: 'Ten out of ten.' });

    // A visitor: the summary and the review, no form; a vote asks to sign in.
    await page.goto(store.url(productRoute(product.slug)));
    await waitForRatingSummary(page, [5]);
    const review = shownReview(page, title);
    await review.getByText('Ten out of ten.', { exact: true }).waitFor();
    await review.getByText('Verified buyer', { exact: true }).waitFor();
    assert.equal(await writeForm(page).count(), 0);
    await review.getByRole('button', { name: 'Helpful (0)' }).click();
    await toast(page, 'Please login to mark reviews helpful').waitFor();

    // A signed-in shopper without the product: Add to Cart, the reviews, and no form.
    const shopper = newAccount('Nora');
    await createVerifiedAccount(store.apiUrl, shopper);
    await logIn(page, store.baseUrl, shopper);
    await page.goto(store.url(productRoute(product.slug)));
    await buyBox(page).getByRole('button', { name: 'Add to Cart', exact: true }).waitFor();
    await shownReview(page, title).waitFor();
    assert.equal(await writeForm(page).count(), 0);
    assert.equal(await myReview(page).count(), 0);
    const refused = await page.request.post(store.url(`/api/products/${product.id}/reviews`), {
      data: { rating: 1, title: 'Not bought', body: 'Never had it.' },
      headers: { origin: store.baseUrl },
    });
    assert.equal(refused.status(), 403);
    assert.equal(
      ((await refused.json()) as { message: string }).message,
      'Only buyers can review this product',
    );
    await page.reload();
    await waitForRatingSummary(page, [5]);
  }));

test('an admin replies to one review and hides another; the page shows the reply and drops the hidden', (t) =>
  store.journey(t, async (page) => {
    const product = await newPageProduct(store, { namePrefix: 'E2E Moderated', seed: 61 });
    const kind = await newBuyerOf(store, 'Kim', [product.id]);
    const harsh = await newBuyerOf(store, 'Hal', [product.id]);
    const kept = `Kept for good ${product.slug}`;
    const hidden = `Not for me ${product.slug}`;
    await reviewViaApi(store, kind, product.id, { rating: 5, title: kept, body: 'Great.' });
    await reviewViaApi(store, harsh, product.id, { rating: 2, title: hidden, body: 'Meh.' });
    const reply = 'Thank you, Kim: a second map is on its way.';
    const failures: string[] = [];

    // The Reviews tab, after Orders: every review, newest first.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Reviews');
    await page.getByRole('table', { name: 'All reviews, newest first' }).waitFor();
    const row = (title: string) => page.getByRole('row').filter({ hasText: title });
    await row(kept).getByRole('img', { name: '5 out of 5 stars', exact: true }).waitFor();

    // A reply, in its dialog.
    await row(kept).getByRole('button', { name: 'Reply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply to review', exact: true });
    await dialog.getByLabel('Reply', { exact: true }).fill(reply);
    await checkAxe(page, 'the reply dialog', failures);
    await dialog.getByRole('button', { name: 'Save reply', exact: true }).click();
    await toast(page, 'Reply saved successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row(kept).getByText(reply, { exact: true }).waitFor();
    await row(kept).getByRole('button', { name: 'Edit reply', exact: true }).waitFor();

    // Hidden: the row says so and offers Unhide; the Hidden filter finds it alone.
    await row(hidden).getByRole('button', { name: 'Hide', exact: true }).click();
    await toast(page, 'Review hidden successfully!').waitFor();
    await row(hidden).getByText('By an admin', { exact: true }).waitFor();
    await row(hidden).getByRole('button', { name: 'Unhide', exact: true }).waitFor();
    await checkAxe(page, 'the Reviews tab', failures);
    await page.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Hidden' });
    await page.getByRole('table', { name: 'Reviews matching the filters, newest first' }).waitFor();
    await row(hidden).waitFor();
    assert.equal(await row(kept).count(), 0);

    // The product's page, from the row's link: the reply under its review, the hidden one gone.
    await row(hidden).getByRole('link', { name: product.name, exact: true }).click();
    await waitForRoute(page, store.baseUrl, productRoute(product.slug));
    await waitForRatingSummary(page, [5]);
    const answered = shownReview(page, kept);
    await answered.getByText('Reply from the store', { exact: true }).waitFor();
    await answered.getByText(reply, { exact: true }).waitFor();
    assert.equal(await shownReview(page, hidden).count(), 0);
    assert.equal(await reviewsSection(page).getByTestId('review').count(), 1);

    // Its author still sees it, marked hidden.
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await logIn(page, store.baseUrl, harsh);
    await page.goto(store.url(productRoute(product.slug)));
    await myReview(page).getByText(hidden, { exact: true }).waitFor();
    await text(page, 'This review is hidden: other shoppers do not see it.').waitFor();
    assert.equal(await shownReview(page, hidden).count(), 0);
    assert.deepEqual(failures, [], failures.join('\n'));
  }));
