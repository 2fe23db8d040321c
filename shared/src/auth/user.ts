import type { User } from '@store/contract';

export function firstName(user: Pick<User, 'name'> | null | undefined): string {
  return user?.name.trim().split(/\s+/)[0] || 'User';
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}
