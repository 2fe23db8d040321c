import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupPage } from './signup-page';

afterEach(() => jest.restoreAllMocks());

async function fillForm(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full Name'), 'Sam Carter');
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  return user;
}

describe('SignupPage', () => {
  it('disables submit and marks the confirm field red while the passwords differ', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('Secret123!', 'Secret124!');

    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm).toHaveClass('mismatch');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('img', { name: 'Passwords differ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(post).not.toHaveBeenCalled();
  });

  it('turns the confirm field green once the passwords match', async () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('Secret123!', 'Secret123!');

    expect(screen.getByLabelText('Confirm Password')).toHaveClass('match');
    expect(screen.getByRole('img', { name: 'Passwords match' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows no match state or strength meter before anything is typed', () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    expect(screen.queryByRole('img', { name: /Passwords/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
  });

  it('labels the password strength as it is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { route: '/signup' });
    const password = screen.getByLabelText('Password');

    await user.type(password, 'abc');
    expect(screen.getByText('Weak')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'abcdefG1');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    await user.type(password, '!');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(
      screen.getByTestId('password-strength').querySelectorAll('[data-filled="true"]'),
    ).toHaveLength(4);
  });

  it('toggles password visibility with a labelled button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { route: '/signup' });
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('posts the form and shows the success screen, then returns to an empty form', async () => {
    let answer!: (value: ApiResponse) => void;
    const post = jest
      .spyOn(apiClient, 'post')
      .mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = await fillForm('Secret123!', 'Secret123!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith('/auth/signup', {
      name: 'Sam Carter',
      email: 'sam@example.com',
      password: 'Secret123!',
      confirmPassword: 'Secret123!',
    });
    answer({ data: { message: 'Account created!' }, status: 200 });

    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText(/check your inbox and click the link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Create Another Account' }));
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('stays on the form when the server rejects the signup', async () => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('boom'));
    renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = await fillForm('Secret123!', 'Secret123!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(screen.queryByText('Account Created Successfully!')).not.toBeInTheDocument();
  });

  it('offers a new verification mail for an address registered but not verified', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const message = 'This email is registered but not verified yet. Check your inbox.';
    const post = jest
      .spyOn(apiClient, 'post')
      .mockRejectedValueOnce(httpError(409, { message, emailVerificationRequired: true }))
      .mockResolvedValueOnce({ data: { message: 'A new link is on its way.' }, status: 200 });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = await fillForm('Secret123!', 'Secret123!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(error).toHaveBeenCalledWith(message);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(post).toHaveBeenLastCalledWith('/auth/resend-verification', {
      email: 'sam@example.com',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('A new link is on its way.'));
    expect(screen.queryByText('Account Created Successfully!')).not.toBeInTheDocument();
  });

  it('offers no resend when the address belongs to a verified account', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(409, 'An account with this email already exists'));
    renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = await fillForm('Secret123!', 'Secret123!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(notify.error).toHaveBeenCalledWith('An account with this email already exists');
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
  });

  it('links to the terms, privacy policy and login', () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(
      screen.getByRole('link', { name: 'Already have an account? Sign in now' }),
    ).toHaveAttribute('href', '/login');
  });
});
