import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { notify } from './notify';
import { Toaster } from './toaster';

describe('Toaster', () => {
  // StrictMode as in the shell and a standalone remote: in development it mounts the toast
  // container twice, and the first toast must survive that.
  it('renders nothing until the first toast, then shows it and the ones after', async () => {
    const { container } = render(
      <StrictMode>
        <Toaster />
      </StrictMode>,
    );
    expect(container).toBeEmptyDOMElement();

    act(() => notify.error('Payment failed'));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();

    act(() => notify.success('Added to cart'));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  });
});
