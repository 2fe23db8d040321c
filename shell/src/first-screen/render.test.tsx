import type { Category } from '@store/contract';
import { Link, makeStore } from '@store/shared';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from '../app/app';
import { servedDocuments } from '../testing/served-documents';
import { renderFirstScreen } from './render';
import { seedFirstScreen } from './seed';
import { readFirstScreenState } from './state';

const CATEGORIES: Category[] = [
  {
    id: '1f0c8f43-0f6b-4a39-9a43-5c2a3d0f0b01',
    name: 'digital-art',
    display_name: 'Digital Art',
    icon: 'digital-art',
  },
  {
    id: '1f0c8f43-0f6b-4a39-9a43-5c2a3d0f0b02',
    name: 'fonts',
    display_name: '</script><script>window.ran = true</script>',
    icon: 'fonts',
  },
];
const ANSWER = { success: true, data: CATEGORIES };

// Stands in for the catalog's home page: a remote's page reading the store the server filled.
function Home() {
  return (
    <ul data-testid="home">
      {CATEGORIES.map((category) => (
        <li key={category.id}>
          <Link to={`/category/${category.name}`}>{category.display_name}</Link>
        </li>
      ))}
    </ul>
  );
}
const REMOTE = { pages: { '/': Home } };

const serve = servedDocuments();

describe('renderFirstScreen', () => {
  it("draws the shell's frame around the remote's page, for a visitor", () => {
    const rendered = renderFirstScreen({ url: '/', categories: ANSWER, remote: REMOTE });
    expect(rendered).not.toBeNull();
    const root = serve(rendered!.root, rendered!.stateScript);
    expect(root.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(root.querySelector('[data-testid="home"]')?.textContent).toContain('Digital Art');
    expect(root.querySelector('a[href="/login"]')?.textContent).toBe('Login');
    expect(root.querySelector('footer')).not.toBeNull();
  });

  it('leaves no timer behind: a document holds neither its store nor the server', () => {
    jest.useFakeTimers();
    try {
      renderFirstScreen({ url: '/', categories: ANSWER, remote: REMOTE });
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps markup in the state script from ending the script', () => {
    const rendered = renderFirstScreen({ url: '/', categories: ANSWER, remote: REMOTE });
    expect(rendered!.stateScript.match(/<\/script>/g)).toHaveLength(1);
    serve(rendered!.root, rendered!.stateScript);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readFirstScreenState(document)).toEqual({ categories: CATEGORIES });
  });

  it('renders nothing from an answer or a remote that breaks its contract', () => {
    const bad = { success: true, data: [{ id: 7, name: 'x' }] };
    expect(renderFirstScreen({ url: '/', categories: bad, remote: REMOTE })).toBeNull();
    expect(renderFirstScreen({ url: '/', categories: null, remote: REMOTE })).toBeNull();
    expect(renderFirstScreen({ url: '/', categories: ANSWER, remote: { routes: {} } })).toBeNull();
  });

  it('is taken over by the client without a redraw', async () => {
    const rendered = renderFirstScreen({ url: '/', categories: ANSWER, remote: REMOTE });
    const root = serve(rendered!.root, rendered!.stateScript);
    const drawnLink = root.querySelector('a[href="/category/digital-art"]');
    const state = readFirstScreenState(document)!;
    const store = makeStore();
    seedFirstScreen(store, state);
    const recoverableErrors: unknown[] = [];
    // React's development build reports a mismatched attribute here, not as a recoverable error.
    const consoleError = jest.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <App store={store} authCheck={Promise.resolve()} />
        </StrictMode>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The same element: hydrated, not replaced.
    expect(root.querySelector('a[href="/category/digital-art"]')).toBe(drawnLink);
  });
});

describe('readFirstScreenState', () => {
  it('is null without the script, and for a script that is not the state', () => {
    expect(readFirstScreenState(document)).toBeNull();
    document.body.innerHTML =
      '<script type="application/json" id="first-screen-state">{"categories":</script>';
    expect(readFirstScreenState(document)).toBeNull();
    expect(document.getElementById('first-screen-state')).toBeNull();
  });

  it("is null for a product the page's cache cannot be keyed by", () => {
    const state = (product: unknown) =>
      `<script type="application/json" id="first-screen-state">${JSON.stringify({ categories: [], product })}</script>`;
    document.body.innerHTML = state({ id: 'p1', slug: 'neon' });
    expect(readFirstScreenState(document)).toEqual({
      categories: [],
      product: { id: 'p1', slug: 'neon' },
    });
    for (const product of [null, 'neon', { id: 'p1' }, { id: 'p1', slug: 7 }]) {
      document.body.innerHTML = state(product);
      expect(readFirstScreenState(document)).toBeNull();
    }
  });
});
