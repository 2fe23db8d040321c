import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createFirstScreen } from '../../scripts/lib/first-screen.mjs';
import { E2E_ROOT } from '../support/paths.ts';
import { heading, waitForRoute } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

// The shell's server draws the home page into its document for a visitor, and the client
// hydrates it (scripts/lib/first-screen.mjs, shell/src/first-screen).
const store = useStore();

const HOME_HEADLINE = 'Discover Amazing Digital Creations';
const CARD = 'data-testid="category-card"';
const STATE = 'id="first-screen-state"';
const BOOT = 'data-testid="boot-screen"';

async function homeDocument(cookie?: string): Promise<string> {
  const response = await fetch(store.url('/'), { headers: cookie ? { cookie } : {} });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('vary') ?? '', /cookie/i);
  return response.text();
}

/** Polls the home page's document until `wanted` holds (the server reuses inputs for 5 s). */
async function documentWhen(wanted: (html: string) => boolean): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const html = await homeDocument();
    if (wanted(html) || Date.now() > deadline) return html;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Category cards the page removed from the document since it started: a redraw, not a take-over. */
async function watchRemovedCards(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { removedCards: number };
    state.removedCards = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (
            node instanceof Element &&
            (node.matches('[data-testid="category-card"]') ||
              node.querySelector('[data-testid="category-card"]'))
          )
            state.removedCards += 1;
    }).observe(document, { childList: true, subtree: true });
  });
}

const hydrated = () =>
  Object.keys(document.querySelector('[data-testid="category-card"]') ?? {}).some((key) =>
    key.startsWith('__reactFiber'),
  );

test("a visitor's home page arrives drawn, and a session's as the boot screen", async () => {
  const visitor = await homeDocument();
  assert.equal(visitor.split(CARD).length - 1, 6, 'six category cards in the document');
  assert.ok(visitor.includes(HOME_HEADLINE));
  assert.ok(visitor.includes(STATE));
  assert.ok(!visitor.includes(BOOT));
  // The catalog's manifest and entry are fetched as the document is parsed, as its runtime asks.
  const catalog = store.composition.urlOf('mf-catalog');
  assert.ok(
    visitor.includes(
      `<link rel="preload" href="${catalog}/mf-manifest.json" as="fetch" crossorigin="anonymous">`,
    ),
    'the catalog manifest is not preloaded',
  );
  assert.ok(visitor.includes(`<link rel="preload" href="${catalog}/remoteEntry.js" as="script">`));

  const session = await homeDocument('theme=dark; isLoggedIn=true');
  assert.ok(session.includes(BOOT));
  assert.ok(!session.includes(CARD) && !session.includes(STATE));

  const other = await (await fetch(store.url('/about'))).text();
  assert.ok(other.includes(BOOT) && !other.includes(STATE), 'only the home page is drawn');
});

test('the client takes the drawn page over without drawing it again', (t) => {
  const documents: string[] = [];
  const catalogFiles: string[] = [];
  return store.journey(
    t,
    async (page) => {
      await watchRemovedCards(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(store.url('/'));
      await page.waitForFunction(hydrated);
      assert.equal(await page.evaluate(() => document.getElementById('first-screen-state')), null);
      assert.equal(
        await page.evaluate(() => (window as unknown as { removedCards: number }).removedCards),
        0,
        'the category cards were redrawn',
      );
      assert.deepEqual(errors, []);
      // The featured products are the client's to load, as before.
      await heading(page, 'Featured Products').waitFor();

      // A hydrated link navigates in the page: no second document.
      await page.locator(`[${CARD}]`).first().click();
      await waitForRoute(page, store.baseUrl, '/category/digital-art');
      await heading(page, 'Digital Art').waitFor();
      assert.equal(documents.length, 1, documents.join(', '));
      // The preloads are what the runtime used: each of the catalog's start files asked once.
      for (const file of ['/mf-manifest.json', '/remoteEntry.js'])
        assert.equal(catalogFiles.filter((one) => one === file).length, 1, catalogFiles.join(', '));
    },
    {
      onRequest: (url) => {
        const { origin, pathname } = new URL(url);
        const document = !pathname.startsWith('/api') && !/\.\w+$/.test(pathname);
        if (origin === store.baseUrl && document) documents.push(pathname);
        if (origin === store.composition.urlOf('mf-catalog')) catalogFiles.push(pathname);
      },
    },
  );
});

test('with the catalog down the document is the boot screen, and it is drawn again after', (t) =>
  store.journey(t, async (page) => {
    await store.composition.stopRemote('mf-catalog');
    try {
      const down = await documentWhen((html) => html.includes(BOOT));
      assert.ok(down.includes(BOOT) && !down.includes(STATE), 'still drawn with the catalog down');
      await page.goto(store.url('/'));
      await page
        .getByTestId('remote-fallback')
        .getByRole('heading', { name: 'This part of the store is unavailable', exact: true })
        .waitFor();
    } finally {
      await store.composition.startRemote('mf-catalog');
    }
    const back = await documentWhen((html) => html.includes(STATE));
    assert.ok(back.includes(CARD), 'not drawn again once the catalog is back');
  }));

test("a catalog whose stylesheet does not answer is not drawn: its link would hold the page's first paint", async (t) => {
  // The catalog as its origin would serve it, but with its stylesheets held while `holding`.
  const catalog = store.composition.urlOf('mf-catalog');
  let holding = true;
  const held: ServerResponse[] = [];
  const origin = createServer((req, res) => {
    if (holding && /\.css$/.test(req.url ?? '')) return void held.push(res);
    void fetch(`${catalog}${req.url}`).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    origin.closeAllConnections();
    origin.close();
  });
  const { port } = origin.address() as AddressInfo;

  const logged: string[] = [];
  const render = createFirstScreen({
    shellRoot: path.resolve(E2E_ROOT, '..', 'shell', 'dist'),
    apiTarget: store.composition.apiUrl,
    runtimeConfig: {
      apiBaseUrl: '/api',
      remotes: { catalog: `http://127.0.0.1:${port}/mf-manifest.json` },
    },
    log: (line: string) => logged.push(line),
  });

  assert.equal(await render('/'), null, 'drawn with a stylesheet that does not answer');
  assert.ok(held.length > 0, 'the stylesheet was not asked for');
  assert.match(logged.join('\n'), /First screen not rendered: .*\.css/);

  // A failed input is not kept: the next document asks again, and is drawn once it answers.
  holding = false;
  const drawn = await render('/');
  assert.ok(drawn && drawn.root.includes(CARD), 'not drawn once the stylesheet answers');
  assert.ok(
    drawn.styles.length > 0 &&
      drawn.styles.every(({ href }: { href: string }) => href.endsWith('.css')),
  );
});
