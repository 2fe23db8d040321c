import { render, screen } from '@testing-library/react';
import { Skeleton } from './skeleton';

describe('Skeleton', () => {
  it('announces its label and marks the placeholders busy and hidden', () => {
    render(<Skeleton label="Loading categories..." count={6} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading categories...');
    const block = screen.getByTestId('skeleton');
    expect(block).toHaveAttribute('aria-busy', 'true');
    const placeholders = block.querySelector('[aria-hidden="true"]');
    expect(placeholders?.children).toHaveLength(6);
    expect(block).toHaveTextContent(/^Loading categories\.\.\.$/);
  });

  it('draws rows instead of cards on request', () => {
    render(<Skeleton label="Loading your cart..." shape="row" count={2} />);
    const placeholders = screen.getByTestId('skeleton').querySelector('[aria-hidden="true"]');
    expect(placeholders).toHaveClass('rows');
    expect(placeholders?.children).toHaveLength(2);
    expect(placeholders?.firstElementChild).toHaveClass('row');
  });
});
