import { apiClient, notify } from '@store/shared';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, renderProductPage } from '../../testing/render-product-page';
import { PAGE_URL, pageAnswers, productPage } from '../../testing/product-page-answers';

beforeEach(() => {
  document.title = 'Store';
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ProductPage states', () => {
  it('holds the layout with a skeleton while the product loads, then names the tab', async () => {
    let release: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (release = resolve));
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets(pageAnswers({ [PAGE_URL]: () => held })));
    renderProductPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading product...');
    expect(screen.getByTestId('product-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(document.title).toBe('Store');

    release(productPage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Brushes' })).toBeVisible();
    expect(screen.queryByTestId('product-skeleton')).not.toBeInTheDocument();
    expect(document.title).toBe('Neon Brushes');
  });

  it('says the product is not found, links home and titles the tab so, without a toast', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [PAGE_URL]: httpError(404, 'Product not found') }));
    renderProductPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(document.title).toBe('Product not found');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the reason of any other failure with a Retry that loads the page', async () => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ [PAGE_URL]: httpError(503, 'Catalog is resting') }))
      .mockImplementation(answerGets(pageAnswers()));
    renderProductPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Catalog is resting');
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Brushes' })).toBeVisible();
    expect(get.mock.calls.filter(([url]) => url === PAGE_URL)).toHaveLength(2);
  });

  it('replaces an old slug in the address with the current one, without asking again', async () => {
    const old = '/products/by-slug/neon-brush-set';
    // axios followed the api's 301: the old slug's request answers the current product.
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets(pageAnswers({ [old]: productPage() })));
    renderProductPage('/product/neon-brush-set?ref=mail');

    await waitFor(() => expect(address()).toBe('/product/neon-brushes?ref=mail'));
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Brushes' })).toBeVisible();
    expect(get.mock.calls.filter(([url]) => url.startsWith('/products/by-slug/'))).toEqual([
      [old, expect.anything()],
    ]);
  });
});
