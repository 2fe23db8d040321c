import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartLink } from '../support/catalog.ts';
import type { RemoteName } from '../support/composition.ts';
import { DEMO_ADMIN, heading, logIn, navLink, waitForRoute } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();
const REMOTES: RemoteName[] = ['mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];

function directives(policy: string | null): Map<string, string[]> {
  assert.ok(policy, 'no Content-Security-Policy header');
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

test("the shell's documents allow code from the remotes' origins and nothing else", async () => {
  const answer = await fetch(store.url('/category/fonts'));
  const policy = directives(answer.headers.get('content-security-policy'));
  const remoteOrigins = REMOTES.map((name) => new URL(store.composition.urlOf(name)).origin);

  for (const directive of ['script-src', 'connect-src']) {
    assert.deepEqual(
      [...(policy.get(directive) ?? [])].sort(),
      ["'self'", ...remoteOrigins].sort(),
      directive,
    );
  }
  assert.deepEqual(policy.get('default-src'), ["'self'"]);
  assert.deepEqual(policy.get('object-src'), ["'none'"]);
  assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(answer.headers.get('x-frame-options'), 'DENY');
});

test("the remotes' files and the api answer with the protective headers", async () => {
  for (const name of REMOTES) {
    const answer = await fetch(`${store.composition.urlOf(name)}/remoteEntry.js`);
    assert.equal(answer.status, 200, name);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', name);
    assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', name);
  }

  const api = await fetch(`${store.apiUrl}/api/products/featured`);
  assert.equal(api.status, 200);
  const policy = directives(api.headers.get('content-security-policy'));
  assert.deepEqual(policy.get('default-src'), ["'self'"]);
  assert.deepEqual(policy.get('frame-ancestors'), ["'self'"]);
  assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
  assert.ok(api.headers.get('referrer-policy'), 'api: no Referrer-Policy');
  assert.ok(api.headers.get('x-frame-options'), 'api: no X-Frame-Options');
});

test('no page of any remote breaks the Content-Security-Policy', (t) =>
  store.journey(t, async (page) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await page
      .getByRole('link', { name: /Digital Art/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Digital Art' }).waitFor();
    assert.deepEqual(await violations(), [], 'catalog');

    await navLink(page, 'Orders').click();
    await heading(page, 'My Account').waitFor();
    assert.deepEqual(await violations(), [], 'account');

    await cartLink(page).click();
    await page.getByRole('heading', { name: /^Your cart/i }).waitFor();
    assert.deepEqual(await violations(), [], 'checkout');

    await navLink(page, 'Dashboard').click();
    await waitForRoute(page, store.baseUrl, '/secret-dashboard');
    await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
    await page.locator('.recharts-surface').first().waitFor();
    assert.deepEqual(await violations(), [], 'admin analytics');
  }));
