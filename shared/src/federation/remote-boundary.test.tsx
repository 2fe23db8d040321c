import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteBoundary } from './remote-boundary';

function Orders() {
  return <h1>My Account</h1>;
}

describe('RemoteBoundary', () => {
  it('shows the fallback when the remote fails and recovers on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<typeof Orders>, []>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValue(Orders);

    render(<RemoteBoundary load={load} label="account" />);

    expect(await screen.findByText('This part of the store is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves Retry to retryElsewhere when it recovers the page its own way', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn<Promise<typeof Orders>, []>().mockRejectedValue(new Error('remote down'));
    const retryElsewhere = jest.fn().mockReturnValueOnce(true).mockReturnValue(false);

    render(<RemoteBoundary load={load} label="account" retryElsewhere={retryElsewhere} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(retryElsewhere).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('RemoteBoundary loading', () => {
  it('shows the spinner until the page has loaded', async () => {
    let resolve: (page: typeof Orders) => void = () => {};
    const load = () => new Promise<typeof Orders>((done) => (resolve = done));

    render(<RemoteBoundary load={load} label="account" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading account...');
    act(() => resolve(Orders));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders a page that has already loaded at once, without loading it again', () => {
    const load = jest.fn<Promise<typeof Orders>, []>();

    render(<RemoteBoundary load={load} label="account" loaded={Orders} />);

    expect(screen.getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('RemoteBoundary on another route', () => {
  function Cart() {
    return <h1>Your Cart</h1>;
  }

  it('renders the next page when the same boundary is given another page to load', async () => {
    const loadOrders = async () => Orders;
    const loadCart = async () => Cart;
    const { rerender } = render(<RemoteBoundary load={loadOrders} label="account" />);
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();

    rerender(<RemoteBoundary load={loadCart} label="checkout" />);
    expect(screen.queryByRole('heading', { name: 'My Account' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('renders the next page at once when it has loaded before', async () => {
    const { rerender } = render(
      <RemoteBoundary load={async () => Orders} label="account" loaded={Orders} />,
    );
    rerender(<RemoteBoundary load={async () => Cart} label="checkout" loaded={Cart} />);
    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });
});
