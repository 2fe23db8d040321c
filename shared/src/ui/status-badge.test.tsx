import { render, screen } from '@testing-library/react';
import { shortOrderId } from './format';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    ['completed', 'Completed', 'completed'],
    ['pending', 'Pending', 'pending'],
    ['failed', 'Failed', 'failed'],
    ['refunded', 'Refunded', 'other'],
    ['disputed', 'Disputed', 'other'],
  ])('shows %s capitalised as %s, in the %s tone', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveClass('badge', tone);
  });
});

describe('shortOrderId', () => {
  it('is the last 8 characters of the id', () => {
    expect(shortOrderId('3f2a9c1e-0000-4000-8000-00000abcd1234')).toBe('abcd1234');
  });
});
