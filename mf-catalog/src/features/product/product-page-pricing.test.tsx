import { apiClient, notify } from '@store/shared';
import { answerGets } from '@store/shared/testing/api-answers';
import { signedInStore } from '@store/shared/testing/cart';
import { screen, within } from '@testing-library/react';
import { renderProductPage } from '../../testing/render-product-page';
import {
  mine,
  MINE_URL,
  PAGE_URL,
  pageAnswers,
  productPage,
} from '../../testing/product-page-answers';

const BUNDLE = productPage({
  name: 'Starter Bundle',
  price: 40,
  bundle_items: [
    { id: 'i1', slug: 'neon-brushes', name: 'Neon Brushes', price: 19.99 },
    { id: 'i2', slug: 'pixel-icons', name: 'Pixel Icons', price: 15 },
    { id: 'i3', slug: 'grain-textures', name: 'Grain Textures', price: 12.5 },
  ],
});

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

async function renderPage(page: ReturnType<typeof productPage>, mineAnswer?: unknown) {
  const answers = {
    [PAGE_URL]: page,
    ...(mineAnswer === undefined ? {} : { [MINE_URL]: mineAnswer }),
  };
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets(pageAnswers(answers)));
  renderProductPage(
    '/product/neon-brushes',
    mineAnswer === undefined ? {} : { store: signedInStore() },
  );
  const heading = await screen.findByRole('heading', { level: 1, name: page.name });
  return within(heading.parentElement!);
}

describe('ProductPage prices', () => {
  it('strikes the regular price beside the sale price and says when the sale ends', async () => {
    const details = await renderPage(
      productPage({ price: 24.99, sale_price: 19.99, sale_ends_at: '2030-01-31T12:00:00Z' }),
    );
    const struck = details.getByText('$24.99', { exact: false }).closest('s');
    expect(struck).toHaveTextContent('was $24.99');
    expect(struck?.parentElement).toHaveTextContent(
      /^\$19\.99 was \$24\.99Sale ends Jan 31, 2030$/,
    );
  });

  it('shows pay what you want with its minimum and suggested price, and Add to Cart', async () => {
    const details = await renderPage(
      productPage({ pricing: 'pay_what_you_want', price: 5, suggested_price: 12 }),
    );
    const price = details.getByText('Pay what you want');
    expect(price).toHaveTextContent('Minimum $5.00 · Suggested $12.00');
    expect(price).toHaveTextContent('You choose your price in the cart.');
    expect(details.queryByText('$5.00')).not.toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('says a pay-what-you-want product without a minimum is free or what you want', async () => {
    const details = await renderPage(
      productPage({ pricing: 'pay_what_you_want', price: 0, suggested_price: null }),
    );
    const price = details.getByText('Free or pay what you want');
    expect(price).not.toHaveTextContent('Minimum');
    expect(price).not.toHaveTextContent('Suggested');
  });
});

describe('ProductPage of a bundle', () => {
  it('lists its products in order, each a link to its page with its price', async () => {
    await renderPage(BUNDLE);
    const section = screen.getByRole('region', { name: 'In this bundle' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Neon Brushes$19.99',
      'Pixel Icons$15.00',
      'Grain Textures$12.50',
    ]);
    expect(within(section).getByRole('link', { name: 'Pixel Icons' })).toHaveAttribute(
      'href',
      '/product/pixel-icons',
    );
  });

  it('has no bundle section for a product that is not one', async () => {
    await renderPage(productPage());
    expect(screen.queryByRole('region', { name: 'In this bundle' })).not.toBeInTheDocument();
  });

  it('tells a viewer who owns some items how many, and strikes the bundle price over theirs', async () => {
    const details = await renderPage(BUNDLE, mine({ bundle: { owned: 2, total: 3, price: 5.01 } }));
    const yours = await details.findByTestId('bundle-price');
    expect(yours).toHaveTextContent('You own 2 of 3');
    expect(yours).toHaveTextContent('Your price: $5.01 was $40.00');
    expect(yours.querySelector('s')).toHaveTextContent('was $40.00');
    expect(details.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('strikes the sale price, not the regular one, when a bundle on sale is lowered', async () => {
    const onSale = { ...BUNDLE, sale_price: 30 };
    const details = await renderPage(
      onSale,
      mine({ bundle: { owned: 1, total: 3, price: 10.01 } }),
    );
    const yours = await details.findByTestId('bundle-price');
    expect(yours).toHaveTextContent('You own 1 of 3');
    expect(yours.querySelector('s')).toHaveTextContent('was $30.00');
  });

  it('says nothing of ownership to a viewer who owns none of it', async () => {
    const details = await renderPage(BUNDLE, mine({ bundle: { owned: 0, total: 3, price: 40 } }));
    expect(await details.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(details.queryByTestId('bundle-price')).not.toBeInTheDocument();
    expect(details.queryByText(/You own/)).not.toBeInTheDocument();
  });
});
