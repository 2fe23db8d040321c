import type { User } from '@store/contract';
import { apiClient, checkAuth, makeStore, refreshToken, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen } from '@testing-library/react';
import { AuthGate } from './auth-gate';

const user: User = {
  id: 'u1',
  name: 'Sam Shopper',
  email: 's@example.com',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
};

function setIndicator(present: boolean) {
  document.cookie = present
    ? 'isLoggedIn=true; path=/'
    : 'isLoggedIn=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

afterEach(() => {
  jest.restoreAllMocks();
  setIndicator(false);
  localStorage.clear();
});

describe('AuthGate', () => {
  it('renders the page at once for a signed-out visitor, mounting it only once', async () => {
    const mounts = jest.fn();
    function Page() {
      mounts();
      return <p>page</p>;
    }
    const store = makeStore();
    const check = store.dispatch(checkAuth());
    renderWithProviders(
      <AuthGate check={check}>
        <Page />
      </AuthGate>,
      { store },
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    await act(() => check);
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('holds the routes while the start-up check runs, but not during a later refresh', async () => {
    setIndicator(true);
    let answerProfile: (value: ApiResponse) => void = () => undefined;
    jest
      .spyOn(apiClient, 'get')
      .mockReturnValue(new Promise((resolve) => (answerProfile = resolve)));
    const store = makeStore();
    // The bootstrap's order: the check is dispatched before the first render.
    const check = store.dispatch(checkAuth());
    expect(apiClient.get).toHaveBeenCalledTimes(1);
    renderWithProviders(
      <AuthGate check={check}>
        <p>page</p>
      </AuthGate>,
      { store },
    );
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();

    await act(async () => answerProfile({ data: user, status: 200 }));
    expect(await screen.findByText('page')).toBeInTheDocument();
    // The gate waits on the bootstrap's check; it never asks for the profile again.
    expect(apiClient.get).toHaveBeenCalledTimes(1);

    jest.spyOn(apiClient, 'post').mockReturnValue(new Promise(() => undefined));
    act(() => {
      void store.dispatch(refreshToken());
    });
    setIndicator(false);
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
  });
});
