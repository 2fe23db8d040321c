export interface User {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'user' | string;
  is_email_verified: boolean;
  created_at?: string;
}

export interface SignupPayload {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface LoginPayload {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export function firstName(user: Pick<User, 'name'> | null | undefined): string {
  return user?.name?.trim().split(/\s+/)[0] || 'User';
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}
