import { apiClient, notify } from '@store/shared';
import { answerGets } from '@store/shared/testing/api-answers';
import { product } from '@store/shared/testing/fixtures';
import { screen, within } from '@testing-library/react';
import { renderProductPage } from '../../testing/render-product-page';
import {
  PAGE_URL,
  pageAnswers,
  productPage,
  RELATED_URL,
} from '../../testing/product-page-answers';

const LOADED = productPage({
  description: 'Forty **bold** brushes.\n\n- Inks\n- Glows',
  download_expiry_days: 30,
  changelog: [
    { version: 2, notes: 'Sharper tips', released_at: '2026-04-02T09:30:00Z' },
    { version: 1, notes: null, released_at: '2026-03-15T12:00:00Z' },
  ],
  rating: { average: 4.25, count: 4, histogram: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 2 } },
});
const RELATED = Array.from({ length: 10 }, (_, n) =>
  product({ id: `r${n}`, slug: `related-${n}`, name: `Related ${n}` }),
);

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

async function renderLoaded(page = LOADED) {
  const get = jest
    .spyOn(apiClient, 'get')
    .mockImplementation(answerGets(pageAnswers({ [PAGE_URL]: page, [RELATED_URL]: RELATED })));
  renderProductPage();
  await screen.findByRole('heading', { level: 1, name: 'Neon Brushes' });
  return get;
}

describe('ProductPage content', () => {
  it('shows the price, Add to Cart for a visitor and links to the category and asset type', async () => {
    const get = await renderLoaded();
    const details = within(screen.getByRole('heading', { level: 1 }).parentElement!);

    expect(details.getByText('$19.99')).toBeVisible();
    expect(details.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(details.getByRole('link', { name: 'Brushes' })).toHaveAttribute(
      'href',
      '/category/brushes',
    );
    expect(details.getByRole('link', { name: 'Bundle' })).toHaveAttribute(
      'href',
      '/search?assetType=bundle',
    );
    expect(screen.getByRole('img', { name: 'Neon Brushes' })).toHaveAttribute('src', '/img/p1.png');
    // A visitor has nothing of their own to ask for.
    expect(get.mock.calls.map(([url]) => url)).not.toContain('/products/p1/mine');
  });

  it('draws the description and states the file and its download terms', async () => {
    await renderLoaded();

    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('bold').tagName).toBe('STRONG');
    expect(
      within(description)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Inks', 'Glows']);
    const facts = screen.getByLabelText('File and download terms');
    expect(facts).toHaveTextContent('Fileneon-brushes.zip');
    expect(facts).toHaveTextContent('Formatapplication/zip');
    expect(facts).toHaveTextContent('Size1.5 MB');
    expect(facts).toHaveTextContent('Downloads5 per purchase');
    expect(facts).toHaveTextContent('AccessExpires 30 days after purchase');
    expect(facts).not.toHaveTextContent('License key');
  });

  it('states the license terms of a licensed product', async () => {
    await renderLoaded({ ...LOADED, licensed: true, activation_limit: 2, license_days: 365 });
    expect(screen.getByLabelText('File and download terms')).toHaveTextContent(
      'License keyOne per copy, for 2 devices at once, valid 365 days',
    );
  });

  it('states a perpetual license for one device', async () => {
    await renderLoaded({ ...LOADED, licensed: true, activation_limit: 1, license_days: null });
    expect(screen.getByLabelText('File and download terms')).toHaveTextContent(
      'License keyOne per copy, for 1 device at once, perpetual',
    );
  });

  it('lists the changelog newest first and summarises the ratings with labelled bars', async () => {
    await renderLoaded();

    const changelog = screen.getByRole('region', { name: 'Changelog' });
    const versions = within(changelog).getAllByRole('listitem');
    expect(versions[0]).toHaveTextContent('Version 2 Apr 2, 2026Sharper tips');
    expect(versions[1]).toHaveTextContent('Version 1 Mar 15, 2026');

    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('4.3')).toBeVisible();
    expect(within(reviews).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeVisible();
    expect(within(reviews).getByText('4 reviews')).toBeVisible();
    const bars = within(reviews).getAllByRole('meter');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars',
      '4 stars',
      '3 stars',
      '2 stars',
      '1 star',
    ]);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '2');
    expect(bars[0]).toHaveAttribute('aria-valuetext', '2 reviews, 50%');
    expect(bars[4]).toHaveAttribute('aria-valuetext', '0 reviews, 0%');
  });

  it('shows at most 8 related products as cards linking to their pages', async () => {
    await renderLoaded();

    const related = await screen.findByRole('region', { name: 'Related products' });
    const cards = within(related).getAllByTestId('product-card');
    expect(cards).toHaveLength(8);
    expect(within(cards[0]!).getByRole('link', { name: 'Related 0' })).toHaveAttribute(
      'href',
      '/product/related-0',
    );
  });
});
