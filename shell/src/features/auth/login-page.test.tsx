import { apiClient, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { LoginPage } from './login-page';

const SAM = {
  id: '1',
  name: 'Sam Carter',
  email: 'sam@example.com',
  role: 'user',
  is_email_verified: true,
};

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

async function submit(rememberMe = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123!');
  if (rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('LoginPage', () => {
  it('renders the copy and links from the spec', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(
      screen.getByRole('link', { name: "Don't have an account? Sign up now" }),
    ).toHaveAttribute('href', '/signup');
  });

  it('shows the loading label while signing in, then navigates home', async () => {
    let answer!: (value: ApiResponse) => void;
    const post = jest
      .spyOn(apiClient, 'post')
      .mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { store } = renderLogin();
    await submit(true);

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith('/auth/login', {
      email: 'sam@example.com',
      password: 'Secret123!',
      rememberMe: true,
    });
    answer({ data: SAM, status: 200 });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().auth.user).toEqual(SAM);
  });

  it('stays on the page when the login fails', async () => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('nope'));
    const { store } = renderLogin();
    await submit();

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(store.getState().auth.user).toBeNull();
  });
});
