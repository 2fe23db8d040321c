import { stylesheetsAsPreloads } from './stylesheet-preloads';

const createLink = (attrs: Record<string, string>) =>
  stylesheetsAsPreloads().createLink!({ url: 'http://localhost:3004/chunks/routes.css', attrs });

describe("the federation runtime's early stylesheet downloads", () => {
  it('start as preloads, which the remote chunk loader does not take for loaded styles', () => {
    const link = createLink({ rel: 'stylesheet', type: 'text/css' });
    expect(link).toBeInstanceOf(HTMLLinkElement);
    const { rel, as, href } = link as HTMLLinkElement;
    expect({ rel, as, href }).toEqual({
      rel: 'preload',
      as: 'style',
      href: 'http://localhost:3004/chunks/routes.css',
    });
  });

  it('leave every other link to the runtime', () => {
    expect(createLink({ rel: 'preload', as: 'style' })).toBeUndefined();
    expect(createLink({ rel: 'preload', as: 'script' })).toBeUndefined();
  });
});
