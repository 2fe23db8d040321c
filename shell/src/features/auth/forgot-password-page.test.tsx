import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
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

  it('toasts the fallback message when the request fails', async () => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('offline'));
    const error = jest.spyOn(notify, 'error');
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await requestReset();

    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Failed to send reset email');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
