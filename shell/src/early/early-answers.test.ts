import { productBySlugPath } from '@store/contract/page-reads';
import { FIRST_SCREEN_STATE_ID } from '../first-screen/state';
import { startEarlyAnswers, takeEarlyAnswer } from './early-answers';

const config = { apiBaseUrl: 'http://localhost:5000/api/' };
const fetchMock = jest.fn(async (url: string) => {
  const body = { url };
  return { ok: true, status: 200, json: async () => body } as unknown as Response;
});

function at(pathname: string, search = '') {
  return { pathname, search } as Location;
}

beforeEach(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  fetchMock.mockClear();
  jest.restoreAllMocks();
});

describe('startEarlyAnswers', () => {
  it("starts the home page's two calls with the api client's credentials", async () => {
    startEarlyAnswers(config, at('/'));
    expect(fetchMock.mock.calls).toEqual([
      ['http://localhost:5000/api/dropdown/categories', { credentials: 'include' }],
      ['http://localhost:5000/api/products/featured', { credentials: 'include' }],
    ]);
    await expect(takeEarlyAnswer('/dropdown/categories')).resolves.toEqual({
      status: 200,
      data: { url: 'http://localhost:5000/api/dropdown/categories' },
    });
    expect(takeEarlyAnswer('/dropdown/categories')).toBeUndefined();
    expect(takeEarlyAnswer('/products/featured')).toBeDefined();
  });

  it("starts a category's first page in the default order only, by the url the page asks", () => {
    startEarlyAnswers(config, at('/category/3D%20Models/'));
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost:5000/api/products/category/3D%20Models',
      {
        credentials: 'include',
      },
    );
    expect(takeEarlyAnswer('/products/category/3D%20Models')).toBeDefined();

    fetchMock.mockClear();
    startEarlyAnswers(config, at('/category/digital-art', '?sort=price_asc'));
    startEarlyAnswers(config, at('/category/%E0%A4%A'));
    startEarlyAnswers(config, at('/cart'));
    startEarlyAnswers({ remotes: {} }, at('/'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts a product page's read by the url the page asks, old slugs included", async () => {
    startEarlyAnswers(config, at('/product/neon%20brushes/'));
    startEarlyAnswers(config, at('/Product/old-name', '?ref=mail'));
    expect(fetchMock.mock.calls).toEqual([
      ['http://localhost:5000/api/products/by-slug/neon%20brushes', { credentials: 'include' }],
      ['http://localhost:5000/api/products/by-slug/old-name', { credentials: 'include' }],
    ]);
    // The page asks by the slug the router decoded, with the catalog's own path function.
    await expect(takeEarlyAnswer(productBySlugPath('neon brushes'))).resolves.toEqual({
      status: 200,
      data: { url: 'http://localhost:5000/api/products/by-slug/neon%20brushes' },
    });

    fetchMock.mockClear();
    startEarlyAnswers(config, at('/product/%E0%A4%A'));
    startEarlyAnswers(config, at('/product/'));
    startEarlyAnswers(config, at('/product/a/b'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for nothing the drawn document carries', () => {
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">{}</script>`;
    try {
      startEarlyAnswers(config, at('/product/neon-brushes'));
      startEarlyAnswers(config, at('/'));
      expect(fetchMock.mock.calls).toEqual([
        ['http://localhost:5000/api/products/featured', { credentials: 'include' }],
      ]);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it("keeps a refused answer with the api's message, and forgets answers a page asks for late", async () => {
    fetchMock.mockResolvedValueOnce({
      ok: false,
      status: 500,
      json: async () => ({ message: 'Try again' }),
    } as unknown as Response);
    const now = jest.spyOn(performance, 'now').mockReturnValue(1_000);
    startEarlyAnswers(config, at('/'));
    await expect(takeEarlyAnswer('/dropdown/categories')).resolves.toEqual({
      status: 500,
      data: { message: 'Try again' },
    });
    now.mockReturnValue(31_001);
    expect(takeEarlyAnswer('/products/featured')).toBeUndefined();
  });
});
