import {
  authApi,
  errorMessage,
  isApiError,
  notify,
  PasswordField,
  primitives,
  Link,
  useNavigate,
  useParams,
} from '@store/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

export const RESET_REDIRECT_DELAY_MS = 3000;
const MIN_PASSWORD_LENGTH = 6;

type Stage = 'form' | 'done' | 'invalid';

export function ResetPasswordPage() {
  const { token } = useParams<{ token: string }>();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [stage, setStage] = useState<Stage>(token ? 'form' : 'invalid');

  useEffect(() => {
    if (stage !== 'done') return;
    const timer = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [stage, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    if (password !== confirmPassword) {
      notify.error("Passwords don't match");
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      notify.error('Password must be at least 6 characters long');
      return;
    }
    setSubmitting(true);
    try {
      const { message } = await authApi.resetPassword(token, password);
      notify.success(message || 'Password reset successfully!');
      setStage('done');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to reset password'));
      // The client already enforced the length rule, so a 400 means the token is bad.
      if (isApiError(error) && error.response?.status === 400) setStage('invalid');
    } finally {
      setSubmitting(false);
    }
  }

  if (stage === 'invalid') {
    return (
      <AuthCard title="Invalid Reset Link" icon="!" tone="error">
        <p className={styles.message}>This password reset link is invalid or has expired.</p>
        <div className={styles.actions}>
          <Link to="/forgot-password" className={primitives.button}>
            Request a New Link
          </Link>
          <Link to="/login" className={primitives.secondary}>
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (stage === 'done') {
    return (
      <AuthCard title="Password Reset Successful!" icon="✓" tone="success">
        <p className={styles.message} role="status">
          Your password has been updated. Redirecting you to the login page in 3 seconds...
        </p>
        <div className={styles.actions}>
          <Link to="/login" className={primitives.button}>
            Go to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Your Password" subtitle="Choose a new password for your account.">
      <form className={styles.form} onSubmit={handleSubmit}>
        <PasswordField
          label="New Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm New Password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
        />
        <button
          type="submit"
          className={`${primitives.button} ${styles.submit}`}
          disabled={submitting}
        >
          {submitting ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
      <p className={styles.footer}>
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
