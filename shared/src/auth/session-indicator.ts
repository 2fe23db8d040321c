import type { User } from '@store/contract';

const USER_STORAGE_KEY = 'user';

/** The non-httpOnly `isLoggedIn=true` cookie the server sets beside the session cookies. */
export function hasLoggedInCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === 'isLoggedIn=true');
}

export function loadStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function saveStoredUser(user: User): void {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  // The server's render of a visitor's first screen has nothing stored to clear.
  if (typeof localStorage === 'undefined') return;
  localStorage.removeItem(USER_STORAGE_KEY);
}
