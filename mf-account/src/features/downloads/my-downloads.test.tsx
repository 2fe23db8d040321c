import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchasedPage, PurchasedProduct } from '@store/contract';
import { purchased } from '../../testing/fixtures';
import { MyDownloads } from './my-downloads';

const LIST = '/orders/purchased-products';

const page = (
  purchasedProducts: PurchasedProduct[],
  nextCursor: string | null = null,
): PurchasedPage => ({
  purchasedProducts,
  nextCursor,
});
const shownNames = () =>
  screen
    .getAllByTestId('download-card')
    .map((card) => within(card).getByRole('heading').textContent);

afterEach(() => jest.restoreAllMocks());

function cardOf(name: string) {
  return screen
    .getAllByTestId('download-card')
    .find((card) => within(card).queryByRole('heading', { name }))!;
}

describe('MyDownloads', () => {
  it('shows a download button, the limit label or the expired label', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([
          purchased({ id: 'a', name: 'Open' }),
          purchased({
            id: 'b',
            name: 'Used up',
            remainingDownloads: 0,
            canDownload: false,
            expiresAt: '2027-01-20T12:00:00Z',
          }),
          purchased({
            id: 'c',
            name: 'Too late',
            remainingDownloads: 2,
            canDownload: false,
            expiresAt: '2025-01-20T12:00:00Z',
          }),
        ]),
      }),
    );
    renderWithProviders(<MyDownloads />);
    await screen.findAllByTestId('download-card');

    const open = cardOf('Open');
    expect(within(open).getByRole('button', { name: 'Download Open' })).toBeEnabled();
    expect(open).toHaveTextContent('Never expires');
    expect(open).toHaveTextContent('3/5 downloads left');
    expect(within(open).getByRole('img', { name: 'Open' })).toHaveAttribute('src', '/img/p1.png');

    const usedUp = cardOf('Used up');
    expect(within(usedUp).queryByRole('button')).not.toBeInTheDocument();
    expect(usedUp).toHaveTextContent('Download limit reached');
    expect(usedUp).toHaveTextContent('Expires Jan 20, 2027');
    expect(usedUp).toHaveTextContent('0/5 downloads left');

    const expired = cardOf('Too late');
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
    expect(expired).toHaveTextContent('Download expired');
  });

  it('says when the file was last updated, beside the expiry and the downloads left', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([
          purchased({ id: 'a', name: 'Updated', fileUpdatedAt: '2026-04-02T09:30:00Z' }),
          purchased({ id: 'b', name: 'Original' }),
        ]),
      }),
    );
    renderWithProviders(<MyDownloads />);
    await screen.findAllByTestId('download-card');

    const updated = cardOf('Updated');
    expect(within(updated).getByText('Updated Apr 2, 2026')).toBeInTheDocument();
    expect(updated).toHaveTextContent('Never expires');
    expect(updated).toHaveTextContent('3/5 downloads left');
    expect(within(updated).getByRole('button', { name: 'Download Updated' })).toBeEnabled();
    expect(cardOf('Original')).not.toHaveTextContent(/Updated /);
  });

  it('shows Refunded instead of the Download button when no order grants it any more', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([
          // Refunded wins over the other reasons: no grant is left to reach a limit or expire.
          purchased({ id: 'a', name: 'Taken back', refunded: true, canDownload: false }),
          purchased({
            id: 'b',
            name: 'Taken back, used up',
            refunded: true,
            canDownload: false,
            remainingDownloads: 0,
          }),
          // Should the api ever say both, no button is offered for a refunded product.
          purchased({ id: 'c', name: 'Inconsistent', refunded: true, canDownload: true }),
        ]),
      }),
    );
    renderWithProviders(<MyDownloads />);
    await screen.findAllByTestId('download-card');

    for (const name of ['Taken back', 'Taken back, used up', 'Inconsistent']) {
      const card = cardOf(name);
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
      expect(within(card).getByText('Refunded')).toBeInTheDocument();
      expect(card).not.toHaveTextContent('Download limit reached');
    }
  });

  it('shows the empty state', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ [LIST]: page([]) }));
    renderWithProviders(<MyDownloads />);
    expect(await screen.findByText('No downloads available')).toBeInTheDocument();
  });

  it('shows a spinner while the list is held', async () => {
    const answer = deferred<unknown>();
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ [LIST]: () => answer.promise }));
    renderWithProviders(<MyDownloads />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading downloads...');
    answer.resolve(page([purchased()]));
    expect(await screen.findByTestId('download-card')).toBeInTheDocument();
    expect(screen.queryByText('Loading downloads...')).not.toBeInTheDocument();
  });

  it('toasts and shows the failure with a Retry when the list fails to load', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ [LIST]: httpError(500) }))
      .mockImplementation(answerGets({ [LIST]: page([purchased()]) }));
    renderWithProviders(<MyDownloads />);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load purchased products'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load purchased products');
    expect(screen.queryByText('No downloads available')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('download-card')).toBeInTheDocument();
  });

  it('opens the download in a new tab, toasts and counts it on its own card only', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    let resolveDownload: (value: unknown) => void = () => undefined;
    const get = jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([
          purchased({ id: 'a', productId: 'p1', name: 'Neon Brushes', remainingDownloads: 3 }),
          purchased({ id: 'b', productId: 'p2', name: 'Pixel Icons', remainingDownloads: 3 }),
        ]),
        '/products/download/p1': () =>
          new Promise((resolve) => {
            resolveDownload = resolve;
          }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MyDownloads />);

    const button = await screen.findByRole('button', { name: 'Download Neon Brushes' });
    await user.click(button);
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Downloading...');
    resolveDownload({ downloadUrl: 'https://files.example/signed', remainingDownloads: 2 });

    await waitFor(() => expect(cardOf('Neon Brushes')).toHaveTextContent('2/5 downloads left'));
    expect(cardOf('Pixel Icons')).toHaveTextContent('3/5 downloads left');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://files.example/signed', '_blank', 'noopener');
    expect(success).toHaveBeenCalledWith('Download started!');
    expect(get.mock.calls.filter(([url]) => url === '/products/download/p1')).toHaveLength(1);
    // The ticket said how many are left: no page is read again.
    expect(get.mock.calls.filter(([url]) => url === LIST)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toHaveTextContent(
      /^Download$/,
    );
  });

  it('shows the limit label once the last download is taken', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([purchased({ remainingDownloads: 1 })]),
        '/products/download/p1': {
          downloadUrl: 'https://files.example/last',
          remainingDownloads: 0,
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MyDownloads />);

    await user.click(await screen.findByRole('button', { name: 'Download Neon Brushes' }));
    const card = cardOf('Neon Brushes');
    await waitFor(() => expect(card).toHaveTextContent('Download limit reached'));
    expect(card).toHaveTextContent('0/5 downloads left');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for the first page of 50, then appends the next page on Load more', async () => {
    const held = holdApiCalls();
    const user = userEvent.setup();
    renderWithProviders(<MyDownloads />);

    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.config).toMatchObject({ url: LIST, params: { limit: '50' } });
    expect(held.calls[0]!.config.params.cursor).toBeUndefined();
    act(() =>
      held.calls[0]!.answer(
        200,
        page([purchased({ id: 'a', name: 'First' }), purchased({ id: 'b', name: 'Second' })], 'c2'),
      ),
    );

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(held.calls[1]!.config).toMatchObject({
      url: LIST,
      params: { limit: '50', cursor: 'c2' },
    });
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    act(() => held.calls[1]!.answer(200, page([purchased({ id: 'c', name: 'Third' })])));

    await waitFor(() => expect(shownNames()).toEqual(['First', 'Second', 'Third']));
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).not.toBeInTheDocument();
  });

  it('keeps the downloads shown and toasts when the next page fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const held = holdApiCalls();
    const user = userEvent.setup();
    renderWithProviders(<MyDownloads />);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    act(() => held.calls[0]!.answer(200, page([purchased({ name: 'First' })], 'c2')));

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    act(() => held.calls[1]!.answer(500, {}));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load purchased products'));
    expect(shownNames()).toEqual(['First']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('toasts the server message when the download is refused', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: page([purchased()]),
        '/products/download/p1': httpError(403, 'Download limit reached'),
      }),
    );
    renderWithProviders(<MyDownloads />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download Neon Brushes' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Download limit reached'));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
  });
});
