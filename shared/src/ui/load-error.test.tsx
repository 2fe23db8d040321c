import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('shows the reason as an alert and retries on click', async () => {
    const retry = jest.fn();
    render(<LoadError message="Failed to load orders" onRetry={retry} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load orders');
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button).toHaveAccessibleDescription('Failed to load orders');
    await userEvent.click(button);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
