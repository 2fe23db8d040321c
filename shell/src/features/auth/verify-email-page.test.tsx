import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { VerifyEmailPage } from './verify-email-page';

function renderVerify(route: string) {
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/verify-email/:token?" element={<VerifyEmailPage />} />
      </Routes>
    </StrictMode>,
    { route },
  );
}

let errorToast: jest.SpyInstance;
beforeEach(() => {
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('VerifyEmailPage', () => {
  it('spends the token once even under StrictMode and shows the verified user', async () => {
    const get = jest.spyOn(apiClient, 'get').mockResolvedValue({
      data: { message: 'Email verified successfully', user: { name: 'Sam', email: 'sam@x.io' } },
      status: 200,
    });
    renderVerify('/verify-email/tok-1');

    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(await screen.findByText('Email verified successfully')).toBeInTheDocument();
    expect(screen.getByText('sam@x.io')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/auth/verify-email/tok-1');
    expect(errorToast).not.toHaveBeenCalled();
  });

  it("shows the server's reason on the page and in one toast, even under StrictMode", async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockRejectedValue(httpError(400, 'Invalid or expired verification link'));
    renderVerify('/verify-email/tok-used');

    const reason = await screen.findByRole('alert');
    expect(reason).toHaveTextContent('Invalid or expired verification link');
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Invalid or expired verification link');
  });

  it('shows the fallback error with recovery links when verification fails', async () => {
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('offline'));
    renderVerify('/verify-email/tok-2');

    expect(await screen.findByText('Email verification failed')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Email verification failed');
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('reports an invalid link without calling the server when the token is missing', () => {
    const get = jest.spyOn(apiClient, 'get');
    renderVerify('/verify-email');
    expect(screen.getByText('Invalid verification link')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Invalid verification link');
  });
});
