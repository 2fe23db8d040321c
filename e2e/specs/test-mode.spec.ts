import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heading } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

// A store deployed with PAYMENT_PROVIDER=local: the api simulates payments and the shell,
// given the same setting, says so on every page.
const store = useStore({
  apiEnv: { PAYMENT_PROVIDER: 'local' },
  runtimeEnv: { PAYMENT_PROVIDER: 'local' },
});

const PAGES: [string, string][] = [
  ['/', 'Discover Amazing Digital Creations'],
  ['/category/digital-art', 'Digital Art'],
  ['/about', 'About Us'],
  ['/login', 'Welcome Back'],
];

test('with simulated payments every page says so, and /api/health reports it', (t) =>
  store.journey(t, async (page) => {
    for (const [path, title] of PAGES) {
      await page.goto(store.url(path));
      await heading(page, title).waitFor();
      const notes = page.getByRole('note');
      await notes.filter({ hasText: 'Test mode: payments are simulated' }).waitFor();
      assert.equal(await notes.count(), 1, path);
    }
    const health = await fetch(`${store.apiUrl}/api/health`);
    assert.deepEqual(await health.json(), { status: 'ok', payments: 'simulated' });
  }));
