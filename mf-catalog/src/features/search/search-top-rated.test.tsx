import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { product } from '@store/shared/testing/fixtures';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerer } from '../../testing/paged-answers';
import { SearchPage } from './search-page';

const page = (name: string) => ({
  products: [product({ name })],
  nextCursor: null,
  total: 1,
  totalCapped: false,
});

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the search sort Top rated', () => {
  it('is offered after the catalog sorts and asks the api for sort=rating', async () => {
    const calls = answerer(holdApiCalls());
    renderWithProviders(
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>,
      { route: '/search?q=neon' },
    );
    await calls.answer('/search?q=neon', page('Neon'));

    const sort = screen.getByLabelText('Sort by');
    expect(within(sort).getAllByRole('option').at(-1)).toHaveTextContent('Top rated');
    await userEvent.selectOptions(sort, 'Top rated');
    await calls.answer('/search?q=neon&sort=rating', page('Best rated'));
    expect(screen.getByRole('link', { name: 'Best rated' })).toBeInTheDocument();
  });
});
