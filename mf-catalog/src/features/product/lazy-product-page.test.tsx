import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets } from '@store/shared/testing/api-answers';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { PAGE_URL, pageAnswers } from '../../testing/product-page-answers';
import { pages } from '../../routes';

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe("the catalog's /product/:slug", () => {
  it('shows the skeleton while its code arrives, asking for the product once meanwhile', async () => {
    const get = jest.spyOn(apiClient, 'get').mockImplementation(answerGets(pageAnswers()));
    const Page = pages['/product/:slug']!;
    renderWithProviders(
      <Routes>
        <Route path="/product/:slug" element={<Page />} />
      </Routes>,
      { route: '/product/neon-brushes' },
    );

    expect(screen.getByTestId('product-skeleton')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(PAGE_URL, expect.anything());
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Brushes' })).toBeVisible();
    expect(get.mock.calls.filter(([url]) => url === PAGE_URL)).toHaveLength(1);
  });
});
