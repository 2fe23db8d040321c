import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_GROUPS, filterFaqs } from './faq-data';
import { FaqPage } from './faq-page';

describe('filterFaqs', () => {
  it('matches answers as well as questions, ignoring case', () => {
    const groups = filterFaqs(FAQ_GROUPS, 'DUPLICATE PURCHASES');
    expect(groups.map((group) => group.title)).toEqual(['Payments & Billing']);
    expect(groups[0]?.items.map((item) => item.id)).toEqual(['refunds']);
  });

  it('returns every group for a blank query', () => {
    expect(filterFaqs(FAQ_GROUPS, '   ')).toBe(FAQ_GROUPS);
  });
});

describe('FaqPage', () => {
  it('shows the four groups', () => {
    renderWithProviders(<FaqPage />, { route: '/faq' });
    for (const title of [
      'Payments & Billing',
      'Downloads & Delivery',
      'Licensing & Usage',
      'Account & Support',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('filters by the search box and shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { route: '/faq' });
    const search = screen.getByLabelText('Search FAQs');

    await user.type(search, 'expire');
    expect(screen.getByRole('button', { name: /Do my downloads expire/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /I forgot my password/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /payment methods/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Licensing & Usage' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zebra crossing');
    expect(screen.getByText('No FAQs found matching your search.')).toBeInTheDocument();
  });

  it('keeps only one answer open at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { route: '/faq' });
    const first = screen.getByRole('button', { name: /payment methods/ });
    const other = screen.getByRole('button', { name: /Do my downloads expire/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');

    await user.click(other);
    expect(other).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/your downloads never expire/)).toBeVisible();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(other);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });
});
