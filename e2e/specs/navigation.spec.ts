import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  heading,
  logIn,
  navbar,
  navLink,
  waitForRoute,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

test('a signed-out visit to /orders lands on /login', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/orders'));
    await waitForRoute(page, store.baseUrl, '/login');
    await heading(page, 'Welcome Back').waitFor();
    await navLink(page, 'Login').waitFor();
  }));

test('a signed-in visit to /login lands on /', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await page.goto(store.url('/login'));
    await waitForRoute(page, store.baseUrl, '/');
    await navLink(page, 'Hi, Sam').waitFor();
  }));

test('a shopper has no Dashboard link and is sent from /secret-dashboard to /', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await navLink(page, 'Orders').waitFor();
    assert.equal(await navLink(page, 'Dashboard').count(), 0);

    await page.goto(store.url('/secret-dashboard'));
    await waitForRoute(page, store.baseUrl, '/');
    await navLink(page, 'Hi, Sam').waitFor();
    assert.equal(await heading(page, 'Admin Dashboard').count(), 0);
  }));

test('an admin sees the Dashboard link and opens the admin dashboard', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await navLink(page, 'Dashboard').click();
    await waitForRoute(page, store.baseUrl, '/secret-dashboard');
    await heading(page, 'Admin Dashboard').waitFor();

    // A direct visit (full page load) passes the guard too.
    await page.goto(store.url('/secret-dashboard'));
    await heading(page, 'Admin Dashboard').waitFor();
    assert.equal(new URL(page.url()).pathname, '/secret-dashboard');
  }));

test('at 375px the menu opens with its toggle and closes on a link click', (t) =>
  store.journey(
    t,
    async (page) => {
      await page.goto(store.url('/'));
      const toggle = navbar(page).getByRole('button', { name: 'Open menu', exact: true });
      const login = navLink(page, 'Login');
      await toggle.waitFor();
      await login.waitFor({ state: 'hidden' });

      await toggle.click();
      const close = navbar(page).getByRole('button', { name: 'Close menu', exact: true });
      await close.waitFor();
      assert.equal(await close.getAttribute('aria-expanded'), 'true');
      await login.waitFor({ state: 'visible' });
      await navLink(page, 'Sign Up').waitFor({ state: 'visible' });

      await login.click();
      await waitForRoute(page, store.baseUrl, '/login');
      await heading(page, 'Welcome Back').waitFor();
      await login.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    },
    { viewport: { width: 375, height: 812 } },
  ));

test('resting the pointer on a link fetches its page, so the click needs no script', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/'));
    await page.getByTestId('category-card').first().waitFor();
    await page.waitForLoadState('networkidle');

    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    // The page's own chunk, not any script: the shell also loads its Web Vitals reporter when the
    // page is idle, which may be just then.
    const fetched = page.waitForResponse(
      async (response) =>
        response.request().resourceType() === 'script' &&
        (await response.text()).includes('About Us'),
    );
    await about.hover();
    await fetched;
    await page.waitForLoadState('networkidle');

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await about.click();
    await waitForRoute(page, store.baseUrl, '/about');
    await heading(page, 'About Us').waitFor();
    assert.deepEqual(scripts, [], 'the click fetched scripts the hover should have');
  }));
