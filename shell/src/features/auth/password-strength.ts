export type StrengthLabel = 'Weak' | 'Medium' | 'Strong';

export interface PasswordStrength {
  /** 0-4, one point per rule met. */
  score: number;
  label: StrengthLabel | null;
}

export const STRENGTH_SEGMENTS = 4;

const RULES: ReadonlyArray<(password: string) => boolean> = [
  (password) => password.length >= 8,
  (password) => /[a-z]/.test(password) && /[A-Z]/.test(password),
  (password) => /\d/.test(password),
  (password) => /[^a-zA-Z0-9]/.test(password),
];

function labelFor(score: number): StrengthLabel | null {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Medium';
  if (score >= 1) return 'Weak';
  return null;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = RULES.filter((rule) => rule(password)).length;
  return { score, label: labelFor(score) };
}
