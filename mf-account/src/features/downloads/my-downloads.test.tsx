import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { purchased } from '../../testing/fixtures';
import { MyDownloads } from './my-downloads';

const LIST = '/orders/purchased-products';

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
        [LIST]: {
          purchasedProducts: [
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
          ],
        },
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

  it('shows the empty state', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [LIST]: { purchasedProducts: [] } }));
    renderWithProviders(<MyDownloads />);
    expect(await screen.findByText('No downloads available')).toBeInTheDocument();
  });

  it('shows a spinner while the list is held', async () => {
    const answer = deferred<unknown>();
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ [LIST]: () => answer.promise }));
    renderWithProviders(<MyDownloads />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading downloads...');
    answer.resolve({ purchasedProducts: [purchased()] });
    expect(await screen.findByTestId('download-card')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('toasts and shows the failure with a Retry when the list fails to load', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ [LIST]: httpError(500) }))
      .mockImplementation(answerGets({ [LIST]: { purchasedProducts: [purchased()] } }));
    renderWithProviders(<MyDownloads />);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load purchased products'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load purchased products');
    expect(screen.queryByText('No downloads available')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('download-card')).toBeInTheDocument();
  });

  it('opens the download in a new tab, toasts and refreshes the list once', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    let remaining = 3;
    let resolveDownload: (value: unknown) => void = () => undefined;
    const get = jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: () => ({ purchasedProducts: [purchased({ remainingDownloads: remaining })] }),
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
    remaining = 2;
    resolveDownload({ downloadUrl: 'https://files.example/signed', remainingDownloads: 2 });

    expect(await screen.findByText('2/5 downloads left')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://files.example/signed', '_blank', 'noopener');
    expect(success).toHaveBeenCalledWith('Download started!');
    expect(get.mock.calls.filter(([url]) => url === '/products/download/p1')).toHaveLength(1);
    expect(get.mock.calls.filter(([url]) => url === LIST)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toHaveTextContent(
      /^Download$/,
    );
  });

  it('toasts the server message when the download is refused', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        [LIST]: { purchasedProducts: [purchased()] },
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
