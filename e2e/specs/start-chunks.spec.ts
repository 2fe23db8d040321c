import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { distOf } from '../../scripts/lib/composition.mjs';
import { builtScripts } from '../support/built-scripts.ts';
import type { AppName } from '../support/composition.ts';
import { useStore } from '../support/store.ts';

// The shell's index.html preloads its start chunks (tooling/start-chunks-preload-plugin.cjs):
// the bootstrap's chunks and the shell's own copies of the shared packages. A preload nobody
// uses costs a phone bandwidth, and a start chunk left out waits for the entry to run.
const store = useStore();

/**
 * The chunk id a built file pushes first, read from the file: usually its name's
 * (`/chunks/325.50352e58.js` is chunk 325), but a named chunk (`start-packages.<hash>.js`) has a
 * number of its own.
 */
function chunkId(pathname: string): string {
  const code = readFileSync(path.join(distOf('shell'), pathname), 'utf8');
  const id = /\.push\(\[\[([^,\]]+)/.exec(code)?.[1];
  assert.ok(id, `${pathname} pushes no chunk`);
  return id.replace(/^"(.*)"$/, '$1');
}

/**
 * The shell's chunk files that had run when React's first render replaced the boot screen, or
 * took over the page the shell's server drew (the home page's first category card then carries
 * React's fiber), by id: each file pushes its ids onto webpack's chunk list
 * (`self.webpackChunkshell`), its own first (a file may also carry a chunk webpack merged into
 * it), whether it came from a preload or not. Taken in the page at that moment: the `load` event
 * can come before the bootstrap, which the entry starts in a task of its own, and later moments
 * include chunks loaded on purpose after the first render (web-vitals).
 */
async function shellChunksRun(page: Page, route: string): Promise<string[]> {
  await page.addInitScript(() => {
    const state = window as unknown as {
      webpackChunkshell?: [(string | number)[]][];
      startChunksRun?: string[];
    };
    let bootScreenSeen = false;
    const rendered = () => {
      const bootScreen = document.querySelector('[data-testid="boot-screen"]');
      if (bootScreen) bootScreenSeen = true;
      if (bootScreenSeen) return !bootScreen;
      const drawn = document.querySelector('[data-testid="category-card"]');
      return drawn !== null && Object.keys(drawn).some((key) => key.startsWith('__reactFiber'));
    };
    const record = () => {
      if (state.startChunksRun) return;
      const pushed = state.webpackChunkshell ?? [];
      state.startChunksRun = [...new Set(pushed.map(([ids]) => String(ids[0])))].sort();
    };
    new MutationObserver((_, observer) => {
      if (!rendered()) return;
      observer.disconnect();
      record();
    }).observe(document, { childList: true, subtree: true });
    // Hydration changes no markup for the observer to see: looked for before every frame.
    const everyFrame = () => {
      if (rendered()) record();
      else requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
  await page.goto(store.url(route));
  const run = await page.waitForFunction(
    () => (window as unknown as { startChunksRun?: string[] }).startChunksRun,
  );
  return (await run.jsonValue()) as string[];
}

/** The shell's own script preloads (the federation runtime adds some for the remote's files). */
async function preloaded(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('link[rel="preload"][as="script"]', (links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === store.baseUrl)
    .map((url) => url.pathname);
}

test('the home page runs exactly the preloaded shell chunks before it has loaded', (t) =>
  store.journey(t, async (page) => {
    const run = await shellChunksRun(page, '/');
    const links = await preloaded(page);
    assert.ok(links.length >= 5, `${links.length} preloads`);
    const preloadedIds = links.map(chunkId).sort();
    assert.deepEqual(
      run.filter((id) => !preloadedIds.includes(id)),
      [],
      'a start chunk without a preload',
    );
    assert.deepEqual(
      preloadedIds.filter((id) => !run.includes(id)),
      [],
      'a preload the page did not run',
    );
  }));

test('every preloaded chunk runs on a category page and on a page of the shell', async (t) => {
  for (const route of ['/category/digital-art', '/login']) {
    await t.test(route, (st) =>
      store.journey(st, async (page) => {
        const run = await shellChunksRun(page, route);
        const unused = (await preloaded(page)).map(chunkId).filter((id) => !run.includes(id));
        assert.deepEqual(unused, []);
      }),
    );
  }
});

// tooling/index.html: the shell's document asks for the runtime config itself, so it travels with
// the entry's download instead of after the entry has run; the entry's fetch must take that
// answer, not ask again.
test('the runtime config is fetched once, by the document, before the entry runs', (t) =>
  store.journey(t, async (page) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/runtime-config.json') asked.push(request.url());
    });
    await page.goto(store.url('/'));
    await page.getByTestId('category-card').first().waitFor();
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/runtime-config.json')
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    assert.equal(asked.length, 1, asked.join(', '));
    assert.deepEqual(initiators, ['link']);
  }));

const mapFileOf = (pathname: string) => path.join(distOf('shell'), `${pathname}.map`);

/** The sources a shell file's source map names. */
function mapSources(pathname: string): string[] {
  return (JSON.parse(readFileSync(mapFileOf(pathname), 'utf8')) as { sources: string[] }).sources;
}

/** The npm packages a built script's source map names (`react-dom`, `@reduxjs/toolkit`...). */
function packagesIn(pathname: string): string[] {
  // A chunk of CSS modules' empty stubs has no source map, and no packages.
  if (!existsSync(mapFileOf(pathname))) return [];
  const names = mapSources(pathname).map(
    (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1],
  );
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}

// tooling/start-packages-chunk.cjs: the shell's copies of the shared npm packages start from one
// file, not one per package and entry point; each file is a response the phone's main thread
// handles before the first render.
test('the shared npm packages start from one preloaded file', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/'));
    const files = await preloaded(page);
    const holding = (name: string) => files.filter((file) => packagesIn(file).includes(name));
    const react = holding('react');
    assert.equal(react.length, 1, `react in ${react.join(', ')}`);
    for (const name of ['react-dom', 'react-redux', 'scheduler']) {
      assert.deepEqual(holding(name), react, name);
    }
  }));

/**
 * Whose rules a built stylesheet holds, by its source map: any of the shell's own modules makes
 * it the shell's (the bootstrap's also repeats the shared tokens, which its code imports too).
 */
function stylesheetOwner(pathname: string): 'shell' | 'shared' {
  return mapSources(pathname).some((source) => source.startsWith('webpack://shell/./src/'))
    ? 'shell'
    : 'shared';
}

// The start chunks' stylesheets are linked from index.html in style-loader's order (a package's
// CSS before its importer's, so the app's classes win at equal specificity), and the CSS
// runtime must find those links instead of adding each stylesheet a second time.
test('the start stylesheets are linked once each, the shared package before the shell', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/'), { waitUntil: 'load' });
    await page.getByTestId('boot-screen').waitFor({ state: 'detached' });
    const hrefs = await page.$$eval('link[rel="stylesheet"]', (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    const own = hrefs.map((href) => new URL(href)).filter((url) => url.origin === store.baseUrl);
    const pathnames = own.map((url) => url.pathname);
    assert.deepEqual(pathnames, [...new Set(pathnames)], 'a start stylesheet added twice');
    assert.deepEqual(
      pathnames.map(stylesheetOwner),
      ['shared', 'shell'],
      `stylesheets in order: ${pathnames.join(', ')}`,
    );
  }));

// V8's syntax, which tooling/compile-hints-plugin.cjs writes as the file's first line.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Whether the built file (`chunks/...` or an entry) opens with V8's compile hint. */
function hinted(app: AppName, file: string): boolean {
  return readFileSync(path.join(distOf(app), file), 'utf8').startsWith(`${COMPILE_HINT}\n`);
}

// tooling/compile-hints-plugin.cjs: V8 compiles a hinted file's functions while the file streams
// in, which pays for the code a page runs at start-up and is wasted on a lazy page's.
test('the start-up scripts carry the compile hint and the lazily loaded ones do not', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/'));
    // A chunk of CSS modules' empty stubs has no code to compile (and no source map).
    const withCode = (file: string) => existsSync(path.join(distOf('shell'), `${file}.map`));
    const shellStart = [
      'main.js',
      ...(await preloaded(page)).map((file) => file.slice(1)).filter(withCode),
    ];
    assert.deepEqual(
      shellStart.filter((file) => !hinted('shell', file)),
      [],
      'a shell start-up script without the hint',
    );
    assert.deepEqual(
      builtScripts('shell').filter((file) => !shellStart.includes(file) && hinted('shell', file)),
      [],
      'a lazy shell chunk with the hint',
    );
    for (const remote of ['mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'] as const) {
      const manifest = JSON.parse(
        readFileSync(path.join(distOf(remote), 'mf-manifest.json'), 'utf8'),
      ) as { exposes: { assets: { js: { sync: string[]; async: string[] } } }[] };
      const { sync, async: lazy } = manifest.exposes[0]!.assets.js;
      const start = ['remoteEntry.js', ...sync];
      assert.deepEqual(
        start.filter((file) => !hinted(remote, file)),
        [],
        `${remote} start-up`,
      );
      assert.deepEqual(
        lazy.filter((file) => hinted(remote, file)),
        [],
        `${remote} lazy chunks`,
      );
    }
  }));
