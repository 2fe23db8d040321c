import type { Category } from '@store/contract';
import { apiClient, makeStore, notify, storeApi, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from './footer';

const CATEGORIES: Category[] = Array.from({ length: 8 }, (_, index) => ({
  id: String(index + 1),
  name: `cat-${index + 1}`,
  display_name: `Category ${index + 1}`,
  icon: 'default',
}));

afterEach(() => jest.restoreAllMocks());

describe('Footer', () => {
  it('shows the loading text, then at most 6 category links', async () => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { data: CATEGORIES }, status: 200 });
    renderWithProviders(<Footer />);

    expect(screen.getByText('Loading categories...')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    await within(nav).findByRole('link', { name: 'Category 1' });

    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]).toHaveAttribute('href', '/category/cat-1');
    expect(within(nav).queryByRole('link', { name: 'Category 7' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading categories...')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/dropdown/categories', expect.anything());
  });

  it('announces the loading text while the request is held', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    renderWithProviders(<Footer />);

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('status')).toHaveTextContent('Loading categories...');
    answer.resolve({ data: { data: CATEGORIES }, status: 200 });
    expect(await within(nav).findByRole('link', { name: 'Category 1' })).toBeInTheDocument();
    expect(within(nav).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the failure with a Retry that fetches the categories again', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const get = jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(httpError(500, 'Categories are down'))
      .mockResolvedValue({ data: { data: CATEGORIES }, status: 200 });
    renderWithProviders(<Footer />);

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('alert')).toHaveTextContent('Categories are down');
    await userEvent.click(within(nav).getByRole('button', { name: 'Retry' }));

    expect(await within(nav).findByRole('link', { name: 'Category 1' })).toBeInTheDocument();
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not refetch categories that are already loaded', () => {
    const get = jest.spyOn(apiClient, 'get');
    const store = makeStore();
    store.dispatch(
      storeApi.util.upsertQueryEntries([
        { endpointName: 'categories', arg: undefined, value: CATEGORIES.slice(0, 2) },
      ]),
    );
    renderWithProviders(<Footer />, { store });
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Category 2' })).toBeInTheDocument();
  });

  it('renders the quick links, contact links and copyright', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [] }, status: 200 });
    renderWithProviders(<Footer />);
    await waitFor(() =>
      expect(screen.queryByText('Loading categories...')).not.toBeInTheDocument(),
    );
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    const expected = [
      ['About Us', '/about'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['FAQ', '/faq'],
      ['Support', '/support'],
    ];
    for (const [name, href] of expected) {
      expect(within(quick).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/10000000000',
    );
    expect(screen.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('100% secure transactions')).toBeInTheDocument();
    expect(screen.getByText('Get your digital assets immediately')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Follow us/ })).toHaveLength(3);
  });
});
