import {
  apiClient,
  notify,
  selectCartItems,
  useAppSelector,
  type ApiResponse,
} from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { signedInStore, storeWithCart } from '@store/shared/testing/cart';
import { deferred } from '@store/shared/testing/deferred';
import { cartLine } from '@store/shared/testing/fixtures';
import type { CartItem } from '@store/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartLine } from './cart-line';

const PWYW = cartLine({ price: 12, quantity: 2, payWhatYouWant: { minimum: 5, suggested: 12 } });

/** The store's lines, drawn again with each answer, as the cart page draws them. */
function Lines() {
  const items = useAppSelector(selectCartItems);
  return (
    <ul>
      {items.map((item) => (
        <CartLine key={item._id} item={item} />
      ))}
    </ul>
  );
}

function renderCart(items: CartItem[]) {
  const store = storeWithCart(items);
  renderWithProviders(<Lines />, { store });
  return store;
}

const priceInput = () => screen.getByRole('textbox', { name: 'Your price' });

afterEach(() => jest.restoreAllMocks());

describe('CartLine', () => {
  it("links the product's name to its page", () => {
    renderWithProviders(
      <ul>
        <CartLine item={cartLine()} />
      </ul>,
      { store: signedInStore() },
    );
    expect(screen.getByRole('link', { name: 'Neon Brushes' })).toHaveAttribute(
      'href',
      '/product/neon-brushes',
    );
    expect(screen.getByRole('button', { name: 'Remove Neon Brushes' })).toBeEnabled();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('strikes the price before a sale beside the price charged', () => {
    renderCart([cartLine({ price: 19.99, originalPrice: 24.99 })]);
    const struck = screen.getByText('$24.99').closest('s');
    expect(struck).toHaveTextContent('was $24.99');
    expect(struck?.parentElement).toHaveTextContent('$19.99 was $24.99');
  });

  it('shows no strike when nothing lowered the price', () => {
    renderCart([cartLine({ price: 19.99, originalPrice: 19.99 })]);
    expect(document.querySelector('s')).toBeNull();
  });
});

describe('CartLine of a pay-what-you-want product', () => {
  beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));

  it('offers the buyer their price, with the minimum and the suggested price', () => {
    renderCart([PWYW]);
    expect(priceInput()).toHaveValue('12.00');
    expect(priceInput()).toHaveAccessibleDescription('Minimum $5.00 · Suggested $12.00');
    expect(priceInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('saves a new price on Enter, busy until the cart answers, then shows the saved one', async () => {
    const answer = deferred<ApiResponse>();
    const put = jest.spyOn(apiClient, 'put').mockReturnValue(answer.promise);
    const store = renderCart([PWYW]);

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), '7.5{Enter}');
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith(
      '/cart/p1',
      { quantity: 2, customPrice: 7.5 },
      expect.anything(),
    );
    expect(priceInput()).toHaveAttribute('readonly');
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    expect(
      screen.getByRole('button', { name: 'Increase quantity of Neon Brushes' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Neon Brushes' })).toBeDisabled();

    answer.resolve({ data: [{ ...PWYW, price: 7.5 }], status: 200 });
    await waitFor(() => expect(priceInput()).not.toHaveAttribute('readonly'));
    expect(priceInput()).toHaveValue('7.50');
    expect(selectCartItems(store.getState())[0]?.price).toBe(7.5);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Neon Brushes' })).toBeEnabled();
    // Leaving the field after a save sends nothing more.
    await userEvent.tab();
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('saves when the buyer leaves the field', async () => {
    const put = jest
      .spyOn(apiClient, 'put')
      .mockResolvedValue({ data: [{ ...PWYW, price: 20 }], status: 200 });
    renderCart([PWYW]);

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), '$20');
    await userEvent.tab();
    expect(put).toHaveBeenCalledWith(
      '/cart/p1',
      { quantity: 2, customPrice: 20 },
      expect.anything(),
    );
    await waitFor(() => expect(priceInput()).toHaveValue('20.00'));
  });

  it("says the api's refusal beside the field and keeps what was typed", async () => {
    jest.spyOn(apiClient, 'put').mockRejectedValue(httpError(400, 'Price must be at least $5.00'));
    const store = renderCart([PWYW]);

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), '3{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be at least $5.00');
    expect(priceInput()).toHaveValue('3');
    expect(priceInput()).toHaveAttribute('aria-invalid', 'true');
    expect(priceInput()).toHaveAccessibleDescription(
      'Minimum $5.00 · Suggested $12.00 Price must be at least $5.00',
    );
    // Said in place, not toasted; the cart keeps its saved price.
    expect(notify.error).not.toHaveBeenCalled();
    expect(selectCartItems(store.getState())[0]?.price).toBe(12);

    // Typing again clears the refusal; Escape puts the saved price back.
    await userEvent.type(priceInput(), '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(priceInput()).toHaveValue('12.00');
  });

  it('asks nothing for the same price or for text that is no price', async () => {
    const put = jest.spyOn(apiClient, 'put');
    renderCart([PWYW]);

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), '12{Enter}');
    expect(priceInput()).toHaveValue('12.00');

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), 'ten{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price in dollars, such as 12.50');
    expect(put).not.toHaveBeenCalled();
  });

  it('keeps the quantity controls: a quantity change sends the quantity alone', async () => {
    const put = jest
      .spyOn(apiClient, 'put')
      .mockResolvedValue({ data: [{ ...PWYW, quantity: 3 }], status: 200 });
    renderCart([PWYW]);

    await userEvent.click(
      screen.getByRole('button', { name: 'Increase quantity of Neon Brushes' }),
    );
    expect(put).toHaveBeenCalledWith('/cart/p1', { quantity: 3 }, expect.anything());
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Quantity of Neon Brushes' })).toHaveTextContent(
        '3',
      ),
    );
    expect(priceInput()).toHaveValue('12.00');
  });
});
