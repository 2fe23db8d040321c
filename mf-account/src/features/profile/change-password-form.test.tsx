import { httpError } from '@store/shared/testing/api-answers';
import { authApi, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => jest.restoreAllMocks());

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordForm />);
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  return { user, submit: screen.getByRole('button', { name: 'Change Password' }) };
}

describe('ChangePasswordForm', () => {
  it('keeps the submit disabled while any field is empty', async () => {
    const { submit } = await fill('old-secret', 'new-secret', '');
    expect(submit).toBeDisabled();
  });

  it('rejects a mismatch before checking the length', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const change = jest.spyOn(authApi, 'changePassword');
    const { user, submit } = await fill('old-secret', 'abc', 'abd');
    await user.click(submit);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith("New passwords don't match");
    expect(change).not.toHaveBeenCalled();
  });

  it('rejects a new password under 6 characters', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const change = jest.spyOn(authApi, 'changePassword');
    const { user, submit } = await fill('old-secret', 'abc', 'abc');
    await user.click(submit);
    expect(error).toHaveBeenCalledWith('Password must be at least 6 characters long');
    expect(change).not.toHaveBeenCalled();
  });

  it('toggles each field between hidden and shown', async () => {
    const { user } = await fill('old-secret', '', '');
    const field = screen.getByLabelText('Current Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show current password' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide current password' }));
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
  });

  it('changes the password, disables the submit in flight and clears the fields', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    let finish: (value: { message: string }) => void = () => undefined;
    const change = jest
      .spyOn(authApi, 'changePassword')
      .mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, submit } = await fill('old-secret', 'new-secret', 'new-secret');

    await user.click(submit);
    expect(change).toHaveBeenCalledWith('old-secret', 'new-secret');
    expect(screen.getByRole('button', { name: 'Changing Password...' })).toBeDisabled();
    finish({ message: 'ok' });

    await waitFor(() => expect(success).toHaveBeenCalledWith('Password changed successfully!'));
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('');
  });

  it('toasts the server message on failure, keeps the fields and enables the submit', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    let refuse: (reason: unknown) => void = () => undefined;
    jest
      .spyOn(authApi, 'changePassword')
      .mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { user, submit } = await fill('wrong', 'new-secret', 'new-secret');
    await user.click(submit);
    expect(screen.getByRole('button', { name: 'Changing Password...' })).toBeDisabled();
    refuse(httpError(400, 'Current password is incorrect'));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Current password is incorrect'));
    expect(screen.getByLabelText('Current Password')).toHaveValue('wrong');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });
});
