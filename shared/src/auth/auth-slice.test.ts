import type { User } from '@store/contract';
import { apiClient } from '../api/client';
import { httpError as errorAnswer } from '../testing/api-answers';
import { notify } from '../ui/notify';
import { makeStore } from '../store/make-store';
import { checkAuth, login, logout, refreshToken, UNVERIFIED_MESSAGE } from './auth-slice';

const shopper: User = {
  id: '5f2b7c1e-0000-4000-8000-000000000001',
  name: 'Sam Shopper',
  email: 'shopper@example.com',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
};

function answer<T>(data: T) {
  return Promise.resolve({ data, status: 200 });
}

function httpError(status: number, data: object) {
  return Promise.reject(errorAnswer(status, data));
}

function setIndicator(present: boolean) {
  document.cookie = present
    ? 'isLoggedIn=true; path=/'
    : 'isLoggedIn=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

beforeEach(() => {
  localStorage.clear();
  setIndicator(false);
  jest.restoreAllMocks();
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  jest.spyOn(notify, 'success').mockImplementation(() => undefined);
});

describe('auth state at start', () => {
  it('drops a stored user when the indicator cookie is absent', () => {
    localStorage.setItem('user', JSON.stringify(shopper));
    const store = makeStore();
    expect(store.getState().auth).toEqual({ user: null, loading: false, checkingAuth: false });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('restores the stored user when the indicator exists', () => {
    setIndicator(true);
    localStorage.setItem('user', JSON.stringify(shopper));
    expect(makeStore().getState().auth).toMatchObject({ user: shopper, checkingAuth: false });
  });

  it('is checking when the indicator exists but no user is stored', () => {
    setIndicator(true);
    expect(makeStore().getState().auth.checkingAuth).toBe(true);
  });
});

describe('checkAuth', () => {
  it('ends with no call when a user is held and the indicator exists', async () => {
    setIndicator(true);
    localStorage.setItem('user', JSON.stringify(shopper));
    const get = jest.spyOn(apiClient, 'get');
    const store = makeStore();
    await store.dispatch(checkAuth());
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().auth.user).toEqual(shopper);
  });

  it('fetches the profile when only the indicator exists', async () => {
    setIndicator(true);
    jest.spyOn(apiClient, 'get').mockImplementation(() => answer(shopper));
    const store = makeStore();
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toMatchObject({ user: shopper, checkingAuth: false });
  });

  it('clears the user when the profile call fails', async () => {
    setIndicator(true);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockImplementation(() => httpError(401, { message: 'no' }));
    const store = makeStore();
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toMatchObject({ user: null, checkingAuth: false });
  });
});

describe('login and logout', () => {
  it('sets and stores the user on success', async () => {
    const post = jest.spyOn(apiClient, 'post').mockImplementation(() => answer(shopper));
    const store = makeStore();
    const result = await store.dispatch(login({ email: 'a@b.co', password: 'x' })).unwrap();
    expect(result).toEqual({ success: true, user: shopper });
    expect(post).toHaveBeenCalledWith('/auth/login', {
      email: 'a@b.co',
      password: 'x',
      rememberMe: false,
    });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(shopper);
  });

  it('reports an unverified account with its own toast', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockImplementation(() =>
        httpError(403, { message: 'Verify first', emailVerificationRequired: true }),
      );
    const store = makeStore();
    const result = await store.dispatch(login({ email: 'a@b.co', password: 'x' })).unwrap();
    expect(result).toEqual({ success: false, emailVerificationRequired: true });
    expect(notify.error).toHaveBeenCalledWith(UNVERIFIED_MESSAGE);
    expect(store.getState().auth.user).toBeNull();
  });

  it('clears the user even when the logout call fails', async () => {
    jest.spyOn(apiClient, 'post').mockImplementationOnce(() => answer(shopper));
    const store = makeStore();
    await store.dispatch(login({ email: 'a@b.co', password: 'x' }));
    jest.spyOn(apiClient, 'post').mockImplementation(() => httpError(500, {}));
    await store.dispatch(logout());
    expect(store.getState().auth.user).toBeNull();
    expect(notify.error).toHaveBeenCalledWith('An error occurred during logout');
  });
});

describe('refreshToken', () => {
  it('clears the user when the refresh fails', async () => {
    jest.spyOn(apiClient, 'post').mockImplementationOnce(() => answer(shopper));
    const store = makeStore();
    await store.dispatch(login({ email: 'a@b.co', password: 'x' }));
    jest.spyOn(apiClient, 'post').mockImplementation(() => httpError(401, {}));
    await expect(store.dispatch(refreshToken()).unwrap()).rejects.toBeDefined();
    expect(store.getState().auth).toMatchObject({ user: null, checkingAuth: false });
  });

  it('is skipped while a check is already running', async () => {
    setIndicator(true);
    const post = jest.spyOn(apiClient, 'post');
    const store = makeStore();
    await store.dispatch(refreshToken());
    expect(post).not.toHaveBeenCalled();
  });
});
