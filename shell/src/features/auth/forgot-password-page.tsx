import { authApi, errorMessage, notify, primitives, TextField, Link } from '@store/shared';
import { useState, type FormEvent } from 'react';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await authApi.forgotPassword(email);
      setSent(true);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to send reset email'));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <AuthCard title="Check Your Email" icon="✉" tone="success">
        <p className={styles.message}>
          If an account exists for <strong>{email}</strong>, we&apos;ve sent a link to reset your
          password. The link expires in 1 hour.
        </p>
        <div className={styles.actions}>
          <button type="button" className={primitives.button} onClick={() => setSent(false)}>
            Send Another Email
          </button>
          <Link to="/login" className={primitives.secondary}>
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password?"
      subtitle="Enter your email address and we'll send you a link to reset your password."
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          label="Email Address"
          id="forgot-email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          placeholder="you@example.com"
          required
        />
        <button
          type="submit"
          className={`${primitives.button} ${styles.submit}`}
          disabled={sending}
        >
          {sending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p className={styles.footer}>
        Remember your password? <Link to="/login">Back to Login</Link>
        <br />
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
