// The product page as the shell's server draws it and the browser takes it over: the shell's
// render (shell/src/first-screen) with the catalog's real pages, the server's (the page itself)
// and the browser's (the page in a chunk of its own). Here, not in either app: the shell and a
// remote never import each other's code, and this is where the two meet.
import { apiClient, makeStore } from '@store/shared';
import { answerGets } from '@store/shared/testing/api-answers';
import { act, screen } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pages as browserPages } from '../../mf-catalog/src/routes';
import { pages as serverPages } from '../../mf-catalog/src/server/pages';
import { App } from '../../shell/src/app/app';
import { renderFirstScreen } from '../../shell/src/first-screen/render';
import { seedFirstScreen } from '../../shell/src/first-screen/seed';
import { readFirstScreenState } from '../../shell/src/first-screen/state';
import { rememberLoadedPages } from '../../shell/src/remotes/federation-loader';
import { servedDocuments } from '../../shell/src/testing/served-documents';
import { CATEGORIES, neonBrushPack, ON_SALE_AND_RATED } from './neon-brush-pack';

const CATEGORIES_ANSWER = { success: true, data: CATEGORIES };

const PRODUCT = neonBrushPack({
  ...ON_SALE_AND_RATED,
  preview_images: ['/api/files/previews/neon-1.webp', '/api/files/previews/neon-2.webp'],
  file_updated_at: '2026-11-20T10:00:00.000Z',
  changelog: [
    { version: 2, notes: 'Ten more brushes', released_at: '2026-11-20T10:00:00.000Z' },
    { version: 1, notes: null, released_at: '2026-11-01T09:00:00.000Z' },
  ],
});
const URL_OF_PAGE = `/product/${PRODUCT.slug}`;
const BY_SLUG = `/products/by-slug/${PRODUCT.slug}`;
const RELATED = `/products/${PRODUCT.id}/related`;
const REVIEWS = `/products/${PRODUCT.id}/reviews?sort=newest`;

const SERVER = { pages: serverPages };
const draw = (input: { url?: string; product?: unknown } = {}) =>
  renderFirstScreen({
    url: input.url ?? URL_OF_PAGE,
    categories: CATEGORIES_ANSWER,
    product: 'product' in input ? input.product : PRODUCT,
    remote: SERVER,
  });

const serve = servedDocuments();

describe("the server's render of a product page", () => {
  it('draws the product in the shell, and the later parts as their placeholders', () => {
    const drawn = draw();
    expect(drawn).not.toBeNull();
    // Parsed as the browser parses the document, before any script has run.
    const root = new DOMParser().parseFromString(drawn!.root, 'text/html').body;
    expect(root.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe('Neon Brush Pack');
    expect(root.textContent).toContain('$19.99');
    expect(root.querySelector('s')?.textContent).toBe('was $24.99');
    expect(root.textContent).toContain('Sale ends Jan 31, 2030');
    const description = root.querySelector('[aria-labelledby="description-heading"]');
    expect(description?.querySelector('strong')?.textContent).toBe('hand-made');
    expect([...(description?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      '40 brushes',
      'Works in Procreate',
    ]);
    expect(root.querySelector('img[alt="Neon Brush Pack, image 1 of 2"]')).not.toBeNull();
    expect(root.textContent).toContain('Version 2');
    // A visitor's buy box is the button, as the client draws it for a visitor.
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toContain('Add to Cart');
    // The reviews' list and the related products load later: their placeholders are drawn.
    const statuses = [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent);
    expect(statuses).toEqual(['Loading reviews...', 'Loading related products...']);
    expect(root.querySelector('[data-testid="product-skeleton"]')).toBeNull();
  });

  it('carries the answer it drew, for the client to start from', () => {
    const drawn = draw();
    serve(drawn!.root, drawn!.stateScript);
    expect(readFirstScreenState(document)).toEqual({ categories: CATEGORIES, product: PRODUCT });
  });

  it('leaves no timer behind: a document holds neither its store nor the server', () => {
    jest.useFakeTimers();
    try {
      expect(draw()).not.toBeNull();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('draws nothing without the product the page asks for, or with one that breaks its contract', () => {
    expect(draw({ product: undefined })).toBeNull();
    expect(draw({ product: { ...PRODUCT, slug: 'another-product' } })).toBeNull();
    expect(draw({ product: { ...PRODUCT, preview_images: 'neon.webp' } })).toBeNull();
    expect(draw({ product: { ...PRODUCT, price: '24.99' } })).toBeNull();
    // The slug as the router gives it to the page: decoded, the route's words in any case.
    const spaced = { ...PRODUCT, slug: 'neon brushes' };
    expect(draw({ url: '/Product/neon%20brushes/?ref=mail', product: spaced })).not.toBeNull();
  });
});

describe('the client taking over a drawn product page', () => {
  it('hydrates it as drawn, without asking for the product again', async () => {
    const drawn = draw();
    const root = serve(drawn!.root, drawn!.stateScript);
    window.history.replaceState(null, '', URL_OF_PAGE);
    const drawnHeading = root.querySelector('h1');
    const drawnImage = root.querySelector('img');
    const get = jest.spyOn(apiClient, 'get').mockImplementation(
      // The product answers too: asking for it would be seen below, not only as a failure.
      answerGets({
        [BY_SLUG]: PRODUCT,
        [RELATED]: [],
        [REVIEWS]: { reviews: [], nextCursor: null },
      }),
    );
    // As the bootstrap does: the state read, the store seeded, the remote's (browser) pages loaded.
    const state = readFirstScreenState(document)!;
    const store = makeStore();
    seedFirstScreen(store, state);
    rememberLoadedPages('catalog', browserPages);
    const recoverableErrors: unknown[] = [];
    // React's development build reports a mismatched attribute here, not as a recoverable error.
    const consoleError = jest.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        root,
        createElement(
          StrictMode,
          null,
          createElement(App, { store, authCheck: Promise.resolve() }),
        ),
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });
    // The page's own chunk arrived and its later parts loaded: the page is the client's now.
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The same elements: hydrated, not replaced.
    expect(root.querySelector('h1')).toBe(drawnHeading);
    expect(root.querySelector('img')).toBe(drawnImage);
    expect(get.mock.calls.map(([url]) => url)).not.toContain(BY_SLUG);
    expect(get.mock.calls.map(([url]) => url).sort()).toEqual([RELATED, REVIEWS]);
  });
});
