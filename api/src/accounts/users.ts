import type { User as PublicUser } from '@store/contract';
import type { User } from '../db/schema.ts';

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    is_email_verified: user.isEmailVerified,
    created_at: user.createdAt.toISOString(),
  };
}
