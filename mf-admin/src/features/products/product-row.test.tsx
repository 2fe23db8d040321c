import type { Product } from '@store/contract';
import { render, screen, within } from '@testing-library/react';
import { product } from '../../testing/fixtures';
import { ProductRow } from './product-row';

function renderRow(shown: Product) {
  render(
    <table>
      <tbody>
        <ProductRow
          product={shown}
          busy={undefined}
          onToggleFeatured={jest.fn()}
          onEdit={jest.fn()}
          onDelete={jest.fn()}
        />
      </tbody>
    </table>,
  );
  return screen.getByRole('row');
}

const priceCell = (row: HTMLElement) => within(row).getAllByRole('cell')[1]!;

describe('A product row', () => {
  it('shows a fixed price as it is', () => {
    const row = renderRow(product({ price: 19.99 }));
    expect(priceCell(row)).toHaveTextContent(/^\$19\.99$/);
    expect(within(row).getByRole('rowheader')).toHaveTextContent(/^Neon Brushes$/);
  });

  it('strikes the regular price beside the sale price while a sale runs', () => {
    const row = renderRow(product({ price: 20, sale_price: 14.5 }));
    const struck = priceCell(row).querySelector('s')!;
    expect(struck).toHaveTextContent('was $20.00');
    expect(within(struck).getByText('was')).toHaveClass('visually-hidden');
    expect(priceCell(row)).toHaveTextContent('was $20.00 $14.50');
  });

  it('says pay what you want from its minimum', () => {
    const row = renderRow(product({ pricing: 'pay_what_you_want', price: 0, suggested_price: 5 }));
    expect(priceCell(row)).toHaveTextContent(/^PWYW from \$0\.00$/);
  });

  it('marks a bundle', () => {
    const row = renderRow(product({ name: 'Starter', is_bundle: true, price: 30 }));
    expect(within(within(row).getByRole('rowheader')).getByText('Bundle')).toBeInTheDocument();
  });
});
