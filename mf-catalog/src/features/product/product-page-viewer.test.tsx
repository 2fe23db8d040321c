import { apiClient, notify } from '@store/shared';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { signedInStore } from '@store/shared/testing/cart';
import { purchased } from '@store/shared/testing/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderProductPage } from '../../testing/render-product-page';
import {
  mine,
  MINE_URL,
  PAGE_URL,
  pageAnswers,
  productPage,
} from '../../testing/product-page-answers';

const VERSIONED = productPage({
  changelog: [{ version: 2, notes: null, released_at: '2026-04-02T09:30:00Z' }],
});

beforeEach(() => {
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  jest.spyOn(notify, 'success').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function renderFor(answers: Record<string, unknown>, signedIn = true) {
  const get = jest.spyOn(apiClient, 'get').mockImplementation(answerGets(pageAnswers(answers)));
  renderProductPage('/product/neon-brushes', signedIn ? { store: signedInStore() } : {});
  await screen.findByRole('heading', { level: 1, name: 'Neon Brushes' });
  const details = within(screen.getByRole('heading', { level: 1 }).parentElement!);
  return { get, details };
}

describe('ProductPage for each viewer', () => {
  it('offers a visitor Add to Cart and no review form, asking nothing of their own', async () => {
    const { get, details } = await renderFor({}, false);
    expect(details.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(get.mock.calls.map(([url]) => url)).not.toContain(MINE_URL);
  });

  it("keeps a signed-in viewer's page a skeleton until their part is known, so nothing moves", async () => {
    let answerMine: (answer: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answerMine = resolve));
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets(pageAnswers({ [MINE_URL]: () => held })));
    renderProductPage('/product/neon-brushes', { store: signedInStore() });
    await waitFor(() =>
      expect(jest.mocked(apiClient.get).mock.calls.map(([url]) => url)).toContain(MINE_URL),
    );
    expect(screen.getByTestId('product-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answerMine(mine({ owned: true, purchase: purchased() }));
    expect(await screen.findByTestId('owned')).toHaveTextContent('In your library');
    expect(screen.queryByTestId('product-skeleton')).not.toBeInTheDocument();
  });

  it('offers a signed-in shopper who does not own it Add to Cart and no review form', async () => {
    const { details } = await renderFor({ [MINE_URL]: mine() });
    expect(await details.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByText('In your library')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it("shows an owner the download with My Downloads' limits and a review form", async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { get, details } = await renderFor({
      [PAGE_URL]: VERSIONED,
      [MINE_URL]: mine({ owned: true, purchase: purchased() }),
      '/products/download/p1': { downloadUrl: 'https://files.example/s', remainingDownloads: 2 },
    });

    const owned = await screen.findByTestId('owned');
    expect(owned).toHaveTextContent('In your library');
    expect(owned).toHaveTextContent('3/5 downloads left · Never expires');
    expect(owned).toHaveTextContent('Latest version: Apr 2, 2026');
    expect(details.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Write a review' })).toBeVisible();

    await userEvent.click(within(owned).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(owned).toHaveTextContent('2/5 downloads left'));
    expect(open).toHaveBeenCalledWith('https://files.example/s', '_blank', 'noopener');
    expect(notify.success).toHaveBeenCalledWith('Download started!');
    expect(get.mock.calls.filter(([url]) => url === '/products/download/p1')).toHaveLength(1);
  });

  it('tells an owner whose downloads are used up why there is no Download button', async () => {
    await renderFor({
      [MINE_URL]: mine({
        owned: true,
        purchase: purchased({ remainingDownloads: 0, canDownload: false }),
      }),
    });
    const owned = await screen.findByTestId('owned');
    expect(owned).toHaveTextContent('Download limit reached');
    expect(within(owned).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when what is the viewer’s failed to load, with a Retry', async () => {
    const { get } = await renderFor({ [MINE_URL]: httpError(500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your purchase');

    get.mockImplementation(
      answerGets(pageAnswers({ [MINE_URL]: mine({ owned: true, purchase: purchased() }) })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('owned')).toHaveTextContent('In your library');
  });
});
