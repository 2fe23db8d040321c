import type { User } from '../db/schema.ts';

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  is_email_verified: boolean;
  created_at: Date;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    is_email_verified: user.isEmailVerified,
    created_at: user.createdAt,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
