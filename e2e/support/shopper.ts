import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { waitForMailLink } from './outbox.ts';
import { recordPassword } from './secrets-ledger.ts';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The verified demo accounts the api seeds in development (`docs/api.md`, "Accounts and sessions"). */
export const DEMO_SHOPPER: Account = {
  name: 'Sam Shopper',
  email: 'shopper@example.com',
  password: 'Shopper#2026',
};
export const DEMO_ADMIN: Account = {
  name: 'Ada Admin',
  email: 'admin@example.com',
  password: 'Admin#2026',
};

export function newAccount(firstName = 'Jane'): Account {
  const id = randomUUID().slice(0, 8);
  const account = {
    name: `${firstName} Tester`,
    email: `${firstName.toLowerCase()}.${id}@example.test`,
    password: `Pa55#${id}`,
  };
  recordPassword(account.email, account.password);
  return account;
}

export function navbar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

export function navLink(page: Page, name: string): Locator {
  return navbar(page).getByRole('link', { name, exact: true });
}

/** A toast (react-toastify) or any other on-screen text, matched exactly. */
export function text(page: Page, copy: string): Locator {
  return page.getByText(copy, { exact: true });
}

/** A toast holding `copy` (react-toastify), apart from the same words on the page. */
export function toast(page: Page, copy: string): Locator {
  return page.locator('.Toastify__toast', { hasText: copy });
}

export function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { name, exact: true });
}

/**
 * Waits until the browser shows `route` of the shell (client-side navigations included) in its
 * address bar. The URL changes as the navigation starts; a lazy page renders later, because React
 * Router navigates in a transition and the previous page stays on screen until the new one's chunk
 * has loaded. Wait for the new page's own content before typing into it.
 */
export async function waitForRoute(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.waitForURL((url) => url.href === `${baseUrl}${route}`);
}

/** Fills the sign-up form on /signup (terms accepted) and submits it. */
export async function submitSignup(page: Page, account: Account): Promise<void> {
  await heading(page, 'Create Your Account').waitFor();
  await page.getByLabel('Full Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email Address', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /terms of service/i }).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

/** Fills and submits the login form, without assuming where it leads. */
export async function submitLogin(page: Page, baseUrl: string, account: Account): Promise<void> {
  if (!page.url().startsWith(`${baseUrl}/login`)) await page.goto(`${baseUrl}/login`);
  await heading(page, 'Welcome Back').waitFor();
  await page.getByLabel('Email Address', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Logs in through the form and waits for the signed-in navbar on the home page. */
export async function logIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  await submitLogin(page, baseUrl, account);
  await waitForRoute(page, baseUrl, '/');
  await navLink(page, `Hi, ${account.name.split(' ')[0]}`).waitFor();
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Creates an account straight through the api (no browser, hence no Origin and no cookies). */
export async function signUpViaApi(apiUrl: string, account: Account): Promise<void> {
  const response = await postJson(`${apiUrl}/api/auth/signup`, {
    ...account,
    confirmPassword: account.password,
  });
  if (response.status !== 201) {
    throw new Error(
      `signup of ${account.email} answered ${response.status}: ${await response.text()}`,
    );
  }
}

/** Creates an account and spends its verification link from the dev outbox. */
export async function createVerifiedAccount(apiUrl: string, account: Account): Promise<void> {
  await signUpViaApi(apiUrl, account);
  const link = await waitForMailLink(apiUrl, account.email, 'verify-email');
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const response = await fetch(`${apiUrl}/api/auth/verify-email/${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`verification of ${account.email} answered ${response.status}`);
}

export async function loginStatusViaApi(apiUrl: string, account: Account): Promise<number> {
  const response = await postJson(`${apiUrl}/api/auth/login`, {
    email: account.email,
    password: account.password,
  });
  return response.status;
}
