import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(route = '/reset-password/abc123') {
  return renderWithProviders(
    <Routes>
      <Route path="/reset-password/:token?" element={<ResetPasswordPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route },
  );
}

async function submit(password: string, confirm: string, advanceTimers = false) {
  const user = userEvent.setup(
    advanceTimers ? { advanceTimers: jest.advanceTimersByTime.bind(jest) } : {},
  );
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('rejects mismatched passwords without a request', async () => {
    const post = jest.spyOn(apiClient, 'post');
    const error = jest.spyOn(notify, 'error');
    renderReset();
    await submit('Secret123', 'Secret124');

    expect(error).toHaveBeenCalledWith("Passwords don't match");
    expect(post).not.toHaveBeenCalled();
  });

  it('rejects passwords under 6 characters without a request', async () => {
    const post = jest.spyOn(apiClient, 'post');
    const error = jest.spyOn(notify, 'error');
    renderReset();
    await submit('abc12', 'abc12');

    expect(error).toHaveBeenCalledWith('Password must be at least 6 characters long');
    expect(post).not.toHaveBeenCalled();
  });

  it('confirms the reset and redirects to /login after 3 seconds', async () => {
    jest.useFakeTimers();
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Done' }, status: 200 });
    renderReset();
    await submit('Secret123', 'Secret123', true);

    expect(post).toHaveBeenCalledWith('/auth/reset-password/abc123', { password: 'Secret123' });
    expect(await screen.findByText('Password Reset Successful!')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByRole('heading', { name: 'Login page' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows the invalid-link screen when the server rejects the token', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(400, 'Invalid or expired reset token'));
    renderReset();
    await submit('Secret123', 'Secret123');

    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(
      screen.getByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('keeps the form and toasts the fallback on other failures', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    const error = jest.spyOn(notify, 'error');
    renderReset();
    await submit('Secret123', 'Secret123');

    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    answer.reject(new Error('network down'));
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Failed to reset password');
  });

  it('shows the invalid-link screen when there is no token', () => {
    renderReset('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
  });
});
