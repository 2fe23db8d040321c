import type { User } from '@store/contract';
import { apiClient, notify, UNVERIFIED_MESSAGE, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './login-page';

const SAM: User = {
  id: '1',
  name: 'Sam Carter',
  email: 'sam@example.com',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
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
  it('renders its copy and links', () => {
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

  describe('an unverified account', () => {
    const UNVERIFIED = httpError(403, {
      message: 'Please verify your email before logging in.',
      emailVerificationRequired: true,
    });
    const RESENT = 'If an unverified account exists for this email, a new link has been sent.';

    beforeEach(() => {
      jest.spyOn(notify, 'error').mockImplementation(() => undefined);
      jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    });

    it('is told so and asks for a new verification mail, the button busy meanwhile', async () => {
      let answer!: (value: ApiResponse) => void;
      const post = jest
        .spyOn(apiClient, 'post')
        .mockRejectedValueOnce(UNVERIFIED)
        .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      renderLogin();
      await submit();

      expect(notify.error).toHaveBeenCalledWith(UNVERIFIED_MESSAGE);
      const resend = await screen.findByRole('button', { name: 'Resend verification email' });
      expect(screen.getByText(/is registered but not verified yet/)).toHaveTextContent(
        'sam@example.com is registered but not verified yet.',
      );

      await userEvent.setup().click(resend);
      expect(post).toHaveBeenLastCalledWith('/auth/resend-verification', {
        email: 'sam@example.com',
      });
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      answer({ data: { message: RESENT }, status: 200 });

      expect(
        await screen.findByRole('button', { name: 'Resend verification email' }),
      ).toBeEnabled();
      expect(notify.success).toHaveBeenCalledWith(RESENT);
    });

    it('hears why a resend failed and may try again', async () => {
      jest
        .spyOn(apiClient, 'post')
        .mockRejectedValueOnce(UNVERIFIED)
        .mockRejectedValueOnce(
          httpError(429, 'Too many verification emails. Please try again later.'),
        )
        .mockRejectedValueOnce(new Error('offline'));
      renderLogin();
      await submit();
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
      await waitFor(() =>
        expect(notify.error).toHaveBeenLastCalledWith(
          'Too many verification emails. Please try again later.',
        ),
      );
      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
      await waitFor(() =>
        expect(notify.error).toHaveBeenLastCalledWith('Failed to resend verification email'),
      );
      expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    });

    it('offers no resend for a wrong password', async () => {
      jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(401, 'Invalid email or password'));
      renderLogin();
      await submit();

      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
      expect(notify.error).toHaveBeenCalledWith('Invalid email or password');
      expect(
        screen.queryByRole('button', { name: 'Resend verification email' }),
      ).not.toBeInTheDocument();
    });
  });
});
