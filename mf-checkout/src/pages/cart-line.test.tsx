import { renderWithProviders } from '@store/shared/testing';
import { signedInStore } from '@store/shared/testing/cart';
import { screen } from '@testing-library/react';
import { CartLine } from './cart-line';

describe('CartLine', () => {
  it("links the product's name to its page", () => {
    const item = {
      _id: 'p1',
      id: 'p1',
      slug: 'neon-brushes',
      name: 'Neon Brushes',
      description: 'Forty brushes',
      image: '/img/p1.png',
      price: 19.99,
      quantity: 1,
    };
    renderWithProviders(
      <ul>
        <CartLine item={item} />
      </ul>,
      { store: signedInStore() },
    );
    expect(screen.getByRole('link', { name: 'Neon Brushes' })).toHaveAttribute(
      'href',
      '/product/neon-brushes',
    );
    expect(screen.getByRole('button', { name: 'Remove Neon Brushes' })).toBeEnabled();
  });
});
