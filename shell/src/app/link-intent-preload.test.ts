import { fireEvent } from '@testing-library/react';
import { preloadRemotePages } from '../remotes/federation-loader';
import { LINKED_SHELL_PAGES } from './lazy-pages';
import { HOVER_INTENT_MS, preloadOnLinkIntent } from './link-intent-preload';

jest.mock('../remotes/federation-loader', () => ({ preloadRemotePages: jest.fn() }));

function link(href: string, text = 'a link'): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = `<span>${text}</span>`;
  document.body.append(anchor);
  return anchor;
}

let stop: () => void = () => undefined;
beforeEach(() => {
  jest.useFakeTimers();
  stop = preloadOnLinkIntent();
});
afterEach(() => {
  stop();
  jest.useRealTimers();
  document.body.innerHTML = '';
  document.cookie = 'isLoggedIn=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  jest.restoreAllMocks();
  jest.mocked(preloadRemotePages).mockClear();
});

describe('preloadOnLinkIntent', () => {
  it("starts a shell page's download when the pointer rests on its link, once", () => {
    const preload = jest.spyOn(LINKED_SHELL_PAGES['/forgot-password']!, 'preload');
    const anchor = link('/forgot-password');
    fireEvent.pointerOver(anchor.firstElementChild!);
    jest.advanceTimersByTime(HOVER_INTENT_MS - 1);
    expect(preload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(preload).toHaveBeenCalledTimes(1);

    fireEvent.pointerOut(anchor, { relatedTarget: document.body });
    fireEvent.pointerOver(anchor);
    jest.advanceTimersByTime(HOVER_INTENT_MS);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('leaves a link the pointer only passes over', () => {
    const preload = jest.spyOn(LINKED_SHELL_PAGES['/signup']!, 'preload');
    const anchor = link('/signup');
    fireEvent.pointerOver(anchor);
    fireEvent.pointerOut(anchor, { relatedTarget: document.body });
    jest.advanceTimersByTime(HOVER_INTENT_MS);
    expect(preload).not.toHaveBeenCalled();
  });

  it("starts a remote's download on focus or touch, for signed-in pages only with a session", () => {
    fireEvent.focusIn(link('/cart'));
    expect(preloadRemotePages).not.toHaveBeenCalled();

    document.cookie = 'isLoggedIn=true; path=/';
    fireEvent.focusIn(link('/orders'));
    fireEvent.touchStart(link('/category/fonts'));
    expect(jest.mocked(preloadRemotePages).mock.calls).toEqual([['account'], ['catalog']]);
  });

  it('leaves other sites, the page on screen and the admin dashboard alone', () => {
    const preload = jest.spyOn(LINKED_SHELL_PAGES['/login']!, 'preload');
    document.cookie = 'isLoggedIn=true; path=/';
    fireEvent.focusIn(link('https://elsewhere.example/login'));
    fireEvent.focusIn(link(window.location.pathname));
    fireEvent.focusIn(link('/secret-dashboard'));
    expect(preload).not.toHaveBeenCalled();
    expect(preloadRemotePages).not.toHaveBeenCalled();
  });

  it('stops listening when stopped', () => {
    const preload = jest.spyOn(LINKED_SHELL_PAGES['/about']!, 'preload');
    stop();
    fireEvent.focusIn(link('/about'));
    expect(preload).not.toHaveBeenCalled();
  });
});
