import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { waitForMailLink } from '../support/outbox.ts';
import {
  createVerifiedAccount,
  heading,
  logIn,
  loginStatusViaApi,
  navbar,
  navLink,
  newAccount,
  signUpViaApi,
  submitLogin,
  submitSignup,
  text,
  toast,
  waitForRoute,
  type Account,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

test('a new shopper signs up, verifies the e-mail, logs in, stays signed in and logs out', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Jane');

    await page.goto(store.url('/signup'));
    await submitSignup(page, account);
    await heading(page, 'Account Created Successfully!').waitFor();
    await page.getByText(account.email, { exact: true }).waitFor();

    const verifyLink = await waitForMailLink(store.apiUrl, account.email, 'verify-email');
    assert.ok(verifyLink.startsWith(`${store.baseUrl}/verify-email/`), verifyLink);
    await page.goto(verifyLink);
    const continueToLogin = page.getByRole('link', { name: 'Continue to Login', exact: true });
    const errorState = page.getByRole('link', { name: 'Create New Account', exact: true });
    await continueToLogin.or(errorState).waitFor();
    assert.ok(
      await continueToLogin.isVisible(),
      `the verification page shows its error state: "${await page.locator('main').innerText()}"`,
    );
    await continueToLogin.click();
    await waitForRoute(page, store.baseUrl, '/login');

    await logIn(page, store.baseUrl, account);

    await page.reload();
    await navLink(page, 'Hi, Jane').waitFor();
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).waitFor();

    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForRoute(page, store.baseUrl, '/');
    await navLink(page, 'Login').waitFor();
    await navLink(page, 'Hi, Jane').waitFor({ state: 'detached' });

    // Signed out for real: a reload does not bring the session back.
    await page.reload();
    await navLink(page, 'Login').waitFor();
  }));

test('logging in to an unverified account shows the verification toast', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Una');
    await signUpViaApi(store.apiUrl, account);

    await submitLogin(page, store.baseUrl, account);
    await text(
      page,
      'Your account is not verified. Please check your email for verification.',
    ).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await navLink(page, 'Login').waitFor();
  }));

const BAD_LINK = 'Invalid or expired verification link';
const RESENT =
  'If this email belongs to an account awaiting verification, a new verification link has been sent.';

test('a bad verification link tells why in a toast and on the page', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/verify-email/not-a-real-token'));
    await heading(page, 'Verification Failed').waitFor();
    await page.getByRole('main').getByText(BAD_LINK, { exact: true }).waitFor();
    await toast(page, BAD_LINK).waitFor();
    await page.getByRole('link', { name: 'Create New Account', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Login', exact: true }).waitFor();
  }));

/**
 * Clicks the resend button on the screen, waits for the toast that confirms it, and returns
 * the link of the mail it sent.
 */
async function resendVerification(page: Page, account: Account): Promise<string> {
  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Resend verification email', exact: true }).click();
  await toast(page, RESENT).waitFor();
  return waitForMailLink(store.apiUrl, account.email, 'verify-email', { after: askedAt });
}

/** Follows a mailed verification link and waits for the page's verdict. */
async function follow(page: Page, link: string): Promise<boolean> {
  await page.goto(link);
  const verified = heading(page, 'Email Verified!');
  await verified.or(heading(page, 'Verification Failed')).waitFor();
  return verified.isVisible();
}

test('an unverified login asks for a new link: it verifies and the earlier one fails', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Vic');
    await signUpViaApi(store.apiUrl, account);
    const firstLink = await waitForMailLink(store.apiUrl, account.email, 'verify-email');

    await submitLogin(page, store.baseUrl, account);
    await toast(
      page,
      'Your account is not verified. Please check your email for verification.',
    ).waitFor();
    const notice = page.locator('main p', { hasText: 'is registered but not verified yet' });
    assert.ok((await notice.innerText()).startsWith(account.email), await notice.innerText());
    const newLink = await resendVerification(page, account);
    assert.notEqual(newLink, firstLink);

    assert.equal(await follow(page, firstLink), false, 'the earlier link still verified');
    await toast(page, BAD_LINK).waitFor();
    assert.equal(await follow(page, newLink), true, 'the new link did not verify');
    await page.getByRole('main').getByText(`Email: ${account.email}`).waitFor();
    await logIn(page, store.baseUrl, account);
  }));

test('signing up again with a registered, unverified address offers a new link instead', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Rae');
    await signUpViaApi(store.apiUrl, account);

    await page.goto(store.url('/signup'));
    await submitSignup(page, account);
    await toast(
      page,
      'An account with this email exists but is not verified yet. Please check your email for the verification link.',
    ).waitFor();
    assert.equal(new URL(page.url()).pathname, '/signup');
    await heading(page, 'Create Your Account').waitFor();
    assert.equal(await heading(page, 'Account Created Successfully!').count(), 0);

    const link = await resendVerification(page, account);
    assert.equal(await follow(page, link), true, 'the resent link did not verify');
    await logIn(page, store.baseUrl, account);
  }));

test('a forgotten password is reset from the e-mailed link and the new one works', (t) =>
  store.journey(t, async (page) => {
    const account = newAccount('Rita');
    await createVerifiedAccount(store.apiUrl, account);
    const renewed = { ...account, password: `${account.password}-renewed` };

    await page.goto(store.url('/login'));
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await waitForRoute(page, store.baseUrl, '/forgot-password');
    // Not before: the login page, still on screen while the lazy page loads, has the same field.
    await heading(page, 'Forgot Password?').waitFor();
    await page.getByLabel('Email Address', { exact: true }).fill(account.email);
    const requestedAt = Date.now();
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await heading(page, 'Check Your Email').waitFor();
    await page.getByRole('button', { name: 'Send Another Email', exact: true }).waitFor();

    const resetLink = await waitForMailLink(store.apiUrl, account.email, 'reset-password', {
      after: requestedAt,
    });
    assert.ok(resetLink.startsWith(`${store.baseUrl}/reset-password/`), resetLink);
    await page.goto(resetLink);
    await page.getByLabel('New Password', { exact: true }).fill(renewed.password);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(renewed.password);
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();

    await heading(page, 'Password Reset Successful!').waitFor();
    const confirmedAt = Date.now();
    await page.waitForURL(`${store.baseUrl}/login`, { timeout: 10_000 });
    const redirectMs = Date.now() - confirmedAt;
    assert.ok(redirectMs >= 2_000, `redirected to /login after ${redirectMs} ms, expected ~3 s`);

    assert.equal(await loginStatusViaApi(store.apiUrl, account), 401, 'old password still works');
    await logIn(page, store.baseUrl, renewed);
  }));
