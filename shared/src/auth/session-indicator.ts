import type { User } from '@store/contract';

const USER_STORAGE_KEY = 'user';

/** The non-httpOnly `isLoggedIn=true` cookie the server sets beside the session cookies. */
export function hasLoggedInCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === 'isLoggedIn=true');
}

// Node 26 has a global `localStorage` that warns when merely looked at; the server's render of
// a visitor's first screen reaches storage through `window`, which it does not have.
function browserStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function loadStoredUser(): User | null {
  try {
    const raw = browserStorage()?.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function saveStoredUser(user: User): void {
  browserStorage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  browserStorage()?.removeItem(USER_STORAGE_KEY);
}
