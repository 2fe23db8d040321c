import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { distOf } from '../../scripts/lib/composition.mjs';
import { builtScripts } from '../support/built-scripts.ts';
import type { AppName } from '../support/composition.ts';
import { DEMO_SHOPPER, logIn } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

// Issue #8's byte budget: deterministic, so it is asserted here; timings live in `npm run bench`.
const HOME_JS_BUDGET_KIB = 200;
// Packages that belong to one route and must never load before it.
const ROUTE_ONLY_PACKAGES = ['recharts', 'react-confetti', '@stripe/stripe-js'];
const APPS: AppName[] = ['shell', 'mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];
// A module of zod, as a source map names it (hoisted or nested under another package).
const ZOD_MODULE = /(^|\/)node_modules\/zod\//;

interface ScriptLoad {
  url: string;
  bytes: number;
}

/** Every script the page fetched, with the bytes that crossed the wire (headers + gzip body). */
function recordScripts(page: Page): ScriptLoad[] {
  const scripts: ScriptLoad[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then((sizes) =>
      scripts.push({
        url: request.url(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      }),
    );
  });
  return scripts;
}

/** The modules a built file was made from, as its source map lists them. */
function sourcesOf(mapFile: string): string[] {
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

/** The npm packages a built file was made from, read from its source map. */
function packagesIn(url: string): string[] {
  const { port, pathname } = new URL(url);
  const app = APPS.find((name) => new URL(store.composition.urlOf(name)).port === port);
  if (!app) return [];
  const mapFile = path.join(distOf(app), `${pathname}.map`);
  if (!existsSync(mapFile)) return [];
  return sourcesOf(mapFile).flatMap(
    (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? [],
  );
}

/** Every JavaScript file of an app's build (its dist folder), from the folder's root. */
function routeOnlyPackagesIn(scripts: ScriptLoad[]): string[] {
  const found = new Set(scripts.flatMap((script) => packagesIn(script.url)));
  return ROUTE_ONLY_PACKAGES.filter((name) => found.has(name));
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

test(`the home page needs at most ${HOME_JS_BUDGET_KIB} KiB of JavaScript, without route-only packages`, (t) =>
  store.journey(t, async (page) => {
    const scripts = recordScripts(page);
    await page.goto(store.url('/'));
    await page
      .getByRole('link', { name: /Digital Art/ })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');

    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    t.diagnostic(`JavaScript for /: ${kib(total)} KiB in ${scripts.length} files`);
    for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes))
      t.diagnostic(
        `  ${kib(script.bytes)} KiB ${new URL(script.url).port}${new URL(script.url).pathname}`,
      );
    assert.ok(
      total <= HOME_JS_BUDGET_KIB * 1024,
      `/ loaded ${kib(total)} KiB of JavaScript, over the ${HOME_JS_BUDGET_KIB} KiB budget`,
    );
    assert.deepEqual(routeOnlyPackagesIn(scripts), []);
  }));

test('a category page and the cart load no charts, confetti or Stripe code', (t) =>
  store.journey(t, async (page) => {
    const scripts = recordScripts(page);
    await page.goto(store.url('/category/digital-art'));
    await page.getByRole('heading', { level: 1, name: 'Digital Art' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(routeOnlyPackagesIn(scripts), [], 'on /category/digital-art');

    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await page.goto(store.url('/cart'));
    await page.getByRole('heading', { name: /^Your cart/i }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(routeOnlyPackagesIn(scripts), [], 'on /cart');
    t.diagnostic(`${scripts.length} scripts checked`);
  }));

// What mini-css-extract-plugin leaves of a chunk of CSS modules: the chunk's ids and a stub per
// module, `{6611(){}}`.
const EMPTY_MODULES_CHUNK =
  /^"use strict";\(self\.webpackChunk\w+=self\.webpackChunk\w+\|\|\[\]\)\.push\(\[\[[\d,]+\],\{(?:\d+\(\)\{\},?)+\}\]\);\s*$/;

function onlyEmptyModules(file: string): boolean {
  return EMPTY_MODULES_CHUNK.test(readFileSync(file, 'utf8'));
}

// The apps take only types from @store/contract, the api's zod schemas (lint refuses a value
// import): a value would bring the schemas and zod itself into a browser bundle. Every emitted
// script, loaded on a page or not, is read through its source map.
test('no app bundles zod: the contract reaches the apps as types only', (t) => {
  for (const app of APPS) {
    const scripts = builtScripts(app);
    assert.ok(scripts.length > 0, `${app}: no scripts in ${distOf(app)}`);
    const withZod = scripts.filter((script) => {
      const mapFile = path.join(distOf(app), `${script}.map`);
      // A chunk whose modules were all CSS keeps only their empty stubs and gets no map; any
      // other script without its map could hide zod from this check.
      if (!existsSync(mapFile) && onlyEmptyModules(path.join(distOf(app), script))) return false;
      assert.ok(existsSync(mapFile), `${app}: ${script} has no source map`);
      return sourcesOf(mapFile).some((source) => ZOD_MODULE.test(source));
    });
    assert.deepEqual(withZod, [], `${app}: these scripts bundle zod`);
    t.diagnostic(`${app}: ${scripts.length} scripts without zod`);
  }
});
