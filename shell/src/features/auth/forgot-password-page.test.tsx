import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => jest.restoreAllMocks());

async function requestReset() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

describe('ForgotPasswordPage', () => {
  it('shows the check-your-email screen and can go back to the form', async () => {
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Sent' }, status: 200 });
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const user = await requestReset();

    expect(post).toHaveBeenCalledWith('/auth/forgot-password', { email: 'sam@example.com' });
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
  });

  it('disables the submit with its busy text while the request is held', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await requestReset();

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve({ data: { message: 'Sent' }, status: 200 });
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
  });

  it('toasts the fallback message when the request fails', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    const error = jest.spyOn(notify, 'error');
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await requestReset();

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.reject(new Error('offline'));
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Failed to send reset email');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
