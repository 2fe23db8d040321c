import { z } from 'zod';
import { isoTimestamp, uuidText } from './formats.ts';

const PASSWORD_MIN = 'Password must be at least 6 characters long';

const requiredString = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be a string`,
  });

export const email = requiredString('Email')
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254, 'Email is too long'));

export const newPassword = (label = 'Password') =>
  requiredString(label).min(6, PASSWORD_MIN).max(1024, `${label} is too long`);

export const name = requiredString('Name')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const signupBody = z
  .object({
    name,
    email,
    password: newPassword(),
    confirmPassword: z.string({ error: 'Confirm password must be a string' }).optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const loginBody = z.object({
  // Login checks no e-mail format: any wrong address is just a wrong credential.
  email: requiredString('Email').trim().toLowerCase().min(1, 'Email is required').max(254),
  password: requiredString('Password').min(1, 'Password is required').max(1024),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional().default(false),
});

export const profileBody = z.object({ name });

export const forgotBody = z.object({ email });

export const resendVerificationBody = z.object({ email });

export const resetBody = z.object({ password: newPassword() });

export const changePasswordBody = z.object({
  currentPassword: requiredString('Current password')
    .min(1, 'Current password is required')
    .max(1024),
  newPassword: newPassword('New password'),
});

export const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** The signed opt-out link of an update mail (a JWT, about 200 characters). */
export const optOutParams = z.object({ token: z.string().min(1).max(1000) });

// Answers.

export const publicUser = z
  .object({
    id: uuidText,
    name: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    is_email_verified: z.boolean(),
    created_at: isoTimestamp,
  })
  .meta({ id: 'User', description: 'The signed-in user; the login answer is this user' });

export const verifiedAnswer = z.object({
  message: z.string(),
  user: publicUser.pick({ name: true, email: true }),
});

export const profileAnswer = z.object({ message: z.string(), user: publicUser });

export type User = z.infer<typeof publicUser>;
export type SignupPayload = z.input<typeof signupBody>;
export type LoginPayload = z.input<typeof loginBody>;
export type ProfileChange = z.input<typeof profileBody>;
export type PasswordChangePayload = z.input<typeof changePasswordBody>;
export type VerifiedAnswer = z.infer<typeof verifiedAnswer>;
export type ProfileAnswer = z.infer<typeof profileAnswer>;
