import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { RemoteName } from '../support/composition.ts';
import { DEMO_ADMIN, heading, logIn, navLink } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();
const ROOT = path.resolve(import.meta.dirname, '../..');
const FALLBACK_TITLE = 'This part of the store is unavailable';

/** Each remote's route and the heading that proves its page rendered. */
const REMOTE_PAGES: Record<RemoteName, { route: string; heading: string }> = {
  'mf-catalog': { route: '/', heading: 'Discover Amazing Digital Creations' },
  'mf-account': { route: '/orders', heading: 'My Account' },
  'mf-checkout': { route: '/cart', heading: 'Your cart is empty' },
  'mf-admin': { route: '/secret-dashboard', heading: 'Admin Dashboard' },
};
const REMOTES = Object.keys(REMOTE_PAGES) as RemoteName[];

async function expectPage(page: Page, remote: RemoteName) {
  await page.goto(store.url(REMOTE_PAGES[remote].route));
  await heading(page, REMOTE_PAGES[remote].heading).waitFor();
}

for (const remote of REMOTES) {
  test(`with ${remote} down the rest of the store works and Retry recovers it`, (t) =>
    store.journey(t, async (page) => {
      await logIn(page, store.baseUrl, DEMO_ADMIN);
      await store.composition.stopRemote(remote);
      try {
        await page.goto(store.url(REMOTE_PAGES[remote].route));
        const fallback = page.getByTestId('remote-fallback');
        await fallback.getByRole('heading', { name: FALLBACK_TITLE, exact: true }).waitFor();
        await navLink(page, 'Hi, Ada').waitFor();

        for (const other of REMOTES.filter((name) => name !== remote))
          await expectPage(page, other);
        await page.goto(store.url('/faq'));
        await heading(page, 'Frequently Asked Questions').waitFor();

        await page.goto(store.url(REMOTE_PAGES[remote].route));
        await fallback.getByRole('button', { name: 'Retry', exact: true }).waitFor();
        await store.composition.startRemote(remote);
        await fallback.getByRole('button', { name: 'Retry', exact: true }).click();
        await heading(page, REMOTE_PAGES[remote].heading).waitFor();
      } finally {
        await store.composition.startRemote(remote);
      }
    }));
}

test('a remote whose manifest lost its ./routes expose shows the fallback, not a blank page', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    // A deploy that dropped ./routes: the manifest no longer lists it and its chunk is gone.
    const remote = store.composition.urlOf('mf-account');
    await page.route(`${remote}/mf-manifest.json`, async (route) => {
      const manifest = (await (await route.fetch()).json()) as { exposes: unknown[] };
      await route.fulfill({ json: { ...manifest, exposes: [] } });
    });
    await page.route(`${remote}/chunks/__federation_expose_routes*`, (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.goto(store.url('/orders'));
    const fallback = page.getByTestId('remote-fallback');
    await fallback.getByRole('heading', { name: FALLBACK_TITLE, exact: true }).waitFor();
    await navLink(page, 'Orders').waitFor();
  }));

test('React, react-dom, react-redux and the store (with its router, axios and Redux Toolkit) load once across all remotes', (t) =>
  store.journey(t, async (page) => {
    // Every remote's build carries a fallback copy of the store; only one may ever run. The
    // files are read from their servers afterwards: the browser drops a body once the page it
    // came with navigates away.
    const scripts = new Set<string>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    // React DOM announces each renderer copy to the devtools hook as it initialises.
    await page.addInitScript(() => {
      const renderers: unknown[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: (renderer: unknown) => renderers.push(renderer) && renderers.length,
          onCommitFiberRoot: () => undefined,
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
          checkDCE: () => undefined,
        },
      });
    });
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    for (const remote of REMOTES) await expectPage(page, remote);

    const loaded = await page.evaluate(() => {
      type Entry = { from: string; loaded?: boolean; lib?: unknown };
      const share = (window as unknown as { __FEDERATION__: { __SHARE__: object } }).__FEDERATION__
        .__SHARE__ as Record<string, Record<string, Record<string, Record<string, Entry>>>>;
      const byPackage: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, entry] of Object.entries(versions)) {
              if (entry.loaded || entry.lib)
                (byPackage[name] ??= []).push(`${entry.from}@${version}`);
            }
          }
        }
      }
      const renderers = (window as unknown as { __renderers: unknown[] }).__renderers.length;
      return { renderers, byPackage };
    });

    assert.equal(loaded.renderers, 1, 'more than one react-dom renderer initialised');
    const axiosScripts: string[] = [];
    for (const url of scripts) {
      const body = await (await fetch(url)).text();
      if (body.includes('ERR_BAD_OPTION_VALUE')) axiosScripts.push(url);
    }
    const [axiosFile, ...others] = axiosScripts;
    assert.deepEqual(others, [], `axios came in ${axiosScripts.join(', ')}`);
    assert.equal(new URL(axiosFile ?? 'about:blank').origin, new URL(store.baseUrl).origin);
    // react-router travels inside @store/shared, so one store provider means one router.
    for (const name of ['react', 'react-dom', 'react-redux', '@store/shared']) {
      const providers = new Set(loaded.byPackage[name]);
      assert.deepEqual([...providers], [`shell@${[...providers][0]?.split('@').pop()}`], name);
    }
  }));

function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256')
      .update(readFileSync(file))
      .digest('hex');
  }
  return hashes;
}

test('one remote rebuilt and republished alone is live on the next load; the shell is untouched', (t) =>
  store.journey(t, async (page) => {
    const manifestPath = path.join(ROOT, 'mf-catalog/package.json');
    const original = readFileSync(manifestPath, 'utf8');
    const { atime, mtime } = statSync(manifestPath);
    const shellBefore = hashTree(path.join(ROOT, 'shell/dist'));
    const deploy = (...args: string[]) =>
      spawnSync('node', ['scripts/deploy-local.mjs', 'mf-catalog', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      }).status;

    await page.goto(store.url('/'));
    await heading(page, REMOTE_PAGES['mf-catalog'].heading).waitFor();
    // Announced when the remote's code runs: on the home page that is after its first paint,
    // which the shell's server draws from the document.
    const versionIs = (expected: string) =>
      page.waitForFunction(
        (wanted) => document.documentElement.dataset.mfCatalogVersion === wanted,
        expected,
      );
    await versionIs(JSON.parse(original).version);

    // The visible change: a new version, announced on <html> and in the console.
    writeFileSync(manifestPath, original.replace(/"version": "[^"]+"/, '"version": "9.9.9-e2e"'));
    try {
      assert.equal(deploy(), 0, 'deploy:local failed');
      await page.reload();
      await heading(page, REMOTE_PAGES['mf-catalog'].heading).waitFor();
      await versionIs('9.9.9-e2e');
      assert.deepEqual(hashTree(path.join(ROOT, 'shell/dist')), shellBefore);
    } finally {
      writeFileSync(manifestPath, original);
      utimesSync(manifestPath, atime, mtime);
      assert.equal(deploy('--rollback'), 0, 'rollback failed');
    }
    await page.reload();
    await heading(page, REMOTE_PAGES['mf-catalog'].heading).waitFor();
    await versionIs(JSON.parse(original).version);
  }));
