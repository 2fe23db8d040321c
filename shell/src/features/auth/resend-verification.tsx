import { authApi, errorMessage, notify, primitives } from '@store/shared';
import { useState } from 'react';
import styles from './auth.module.css';

interface ResendVerificationProps {
  /** The registered, unverified address the server named. */
  email: string;
}

/** Offered where the server says an address is registered but not verified yet. */
export function ResendVerification({ email }: ResendVerificationProps) {
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const { message } = await authApi.resendVerification(email);
      notify.success(message || 'Verification email sent. Please check your inbox.');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to resend verification email'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.notice}>
      <p>
        <strong>{email}</strong> is registered but not verified yet. Follow the link in the
        verification email, or ask for a new one.
      </p>
      <button type="button" className={primitives.secondary} onClick={resend} disabled={sending}>
        {sending ? 'Sending...' : 'Resend verification email'}
      </button>
    </div>
  );
}
