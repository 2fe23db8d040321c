export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export const PASSWORD_MIN_LENGTH = 6;

/** Checked in this order; the first failing rule wins. */
export function validatePasswordChange({ current, next, confirm }: PasswordChange): string | null {
  if (next !== confirm) return "New passwords don't match";
  if (next.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters long';
  if (!current || !next || !confirm) return 'Please fill in all password fields';
  return null;
}
