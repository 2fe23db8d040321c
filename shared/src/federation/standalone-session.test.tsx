import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@store/contract';
import { apiClient } from '../api/client';
import { answerGets } from '../testing/api-answers';
import { renderWithProviders } from '../testing/render-with-providers';
import { selectCartItems } from '../cart/cart-selectors';
import { notify } from '../ui/notify';
import { StandaloneSession } from './standalone-session';

const shopper: User = {
  id: '5f2b7c1e-0000-4000-8000-000000000001',
  name: 'Sam Shopper',
  email: 'shopper@example.com',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
};
const cartLine = { _id: 'p1', name: 'Mono Code Font', price: 12, quantity: 1 };

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'isLoggedIn=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  jest.restoreAllMocks();
  jest.spyOn(notify, 'success').mockImplementation(() => undefined);
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
});

it('signs in with the form, loads that user cart, and signs out again', async () => {
  const post = jest
    .spyOn(apiClient, 'post')
    .mockImplementation(async (url: string) =>
      url === '/auth/login' ? { data: shopper, status: 200 } : { data: {}, status: 200 },
    );
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/cart': [cartLine] }));
  const { store } = renderWithProviders(<StandaloneSession />);

  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), shopper.email);
  await userEvent.type(screen.getByLabelText('Password'), 'Shopper#2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByText('Signed in as Sam Shopper')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('/auth/login', {
    email: shopper.email,
    password: 'Shopper#2026',
    rememberMe: false,
  });
  await waitFor(() => expect(selectCartItems(store.getState())).toEqual([cartLine]));

  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('/auth/logout');
  expect(selectCartItems(store.getState())).toEqual([]);
});
