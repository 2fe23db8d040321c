import { httpError } from '@store/shared/testing/api-answers';
import type { User } from '@store/contract';
import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './profile-page';

const user: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
};

function renderProfile(overrides: Partial<User> = {}) {
  return renderWithProviders(<ProfilePage />, {
    preloadedState: {
      auth: { user: { ...user, ...overrides }, loading: false, checkingAuth: false },
    },
  });
}

/** Opens the name editor and presses Save; the caller settles the held answer. */
async function saveWithAnswerHeld() {
  const answer = deferred<ApiResponse>();
  jest.spyOn(apiClient, 'put').mockReturnValue(answer.promise);
  const ui = userEvent.setup();
  renderProfile();
  await ui.click(screen.getByRole('button', { name: 'Edit full name' }));
  await ui.click(screen.getByRole('button', { name: 'Save' }));
  return answer;
}

afterEach(() => jest.restoreAllMocks());

describe('ProfilePage', () => {
  it('shows the name, a read-only e-mail and the verified status', () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile Info' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByText('Email Verified').nextSibling).toHaveTextContent('Verified');
  });

  it('shows Not Verified for an unverified account', () => {
    renderProfile({ is_email_verified: false });
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
  });

  it('restores the name on Cancel without calling the server', async () => {
    const put = jest.spyOn(apiClient, 'put');
    const ui = userEvent.setup();
    renderProfile();

    await ui.click(screen.getByRole('button', { name: 'Edit full name' }));
    const input = screen.getByLabelText('Full Name');
    await ui.clear(input);
    await ui.type(input, 'Someone Else');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ada Lovelace');
    await ui.click(screen.getByRole('button', { name: 'Edit full name' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(put).not.toHaveBeenCalled();
  });

  it('saves the new name through the shared thunk', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const put = jest.spyOn(apiClient, 'put').mockResolvedValue({
      data: { message: 'ok', user: { ...user, name: 'Ada King' } },
      status: 200,
    });
    const ui = userEvent.setup();
    const { store } = renderProfile();

    await ui.click(screen.getByRole('button', { name: 'Edit full name' }));
    await ui.clear(screen.getByLabelText('Full Name'));
    await ui.type(screen.getByLabelText('Full Name'), 'Ada King');
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    expect(put).toHaveBeenCalledWith('/auth/profile', { name: 'Ada King' });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ada King');
    expect(store.getState().auth.user?.name).toBe('Ada King');
  });

  it('disables Save with its busy text while the name is saved', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const answer = await saveWithAnswerHeld();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();

    answer.resolve({ data: { message: 'ok', user: { ...user, name: 'Ada King' } }, status: 200 });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ada King');
  });

  it('stays in edit mode with Save enabled again when saving fails', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const answer = await saveWithAnswerHeld();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.reject(httpError(400, 'Name too long'));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Name too long'));
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('opens the Security tab with the change password form', async () => {
    const ui = userEvent.setup();
    renderProfile();
    await ui.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toBeInTheDocument();
  });
});
