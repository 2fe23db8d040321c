import { act, render, screen } from '@testing-library/react';
import { notify } from './notify';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('renders nothing until the first toast, then shows it and the ones after', async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => notify.error('Payment failed'));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();

    act(() => notify.success('Added to cart'));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  });
});
