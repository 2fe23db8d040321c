import type { VerifiedAnswer } from '@store/contract';
import { authApi, errorMessage, notify, primitives, Spinner, Link, useParams } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

type VerifyState =
  | { status: 'verifying' }
  | ({ status: 'success' } & VerifiedAnswer)
  | { status: 'error'; message: string };

const CARD = {
  verifying: { title: 'Verifying Your Email', icon: '…', tone: 'pending' },
  success: { title: 'Email Verified!', icon: '✓', tone: 'success' },
  error: { title: 'Verification Failed', icon: '!', tone: 'error' },
} as const;

const NO_TOKEN = 'Invalid verification link';

/** A failure is told in a toast as well as on the page. */
function failed(message: string): VerifyState {
  notify.error(message);
  return { status: 'error', message };
}

export function VerifyEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [state, setState] = useState<VerifyState>(() =>
    token ? { status: 'verifying' } : { status: 'error', message: NO_TOKEN },
  );
  // The token is single-use and the toast is said once: StrictMode's second effect run must not
  // spend the token again or raise a second toast.
  const requestedToken = useRef<string | null>(null);

  useEffect(() => {
    if (requestedToken.current === token) return;
    requestedToken.current = token;
    if (!token) {
      setState(failed(NO_TOKEN));
      return;
    }
    setState({ status: 'verifying' });
    authApi
      .verifyEmail(token)
      .then(({ message, user }) => {
        if (requestedToken.current === token) setState({ status: 'success', message, user });
      })
      .catch((error: unknown) => {
        if (requestedToken.current !== token) return;
        setState(failed(errorMessage(error, 'Email verification failed')));
      });
  }, [token]);

  const card = CARD[state.status];
  return (
    <AuthCard title={card.title} icon={card.icon} tone={card.tone}>
      {state.status === 'verifying' && <Spinner label="Verifying your email..." />}
      {state.status === 'success' && (
        <>
          <p className={styles.message}>{state.message}</p>
          <div className={styles.details}>
            <p>
              <strong>Name:</strong> {state.user.name}
            </p>
            <p>
              <strong>Email:</strong> {state.user.email}
            </p>
          </div>
          <div className={styles.actions}>
            <Link to="/login" className={primitives.button}>
              Continue to Login
            </Link>
          </div>
        </>
      )}
      {state.status === 'error' && (
        <>
          <p className={styles.message} role="alert">
            {state.message}
          </p>
          <div className={styles.actions}>
            <Link to="/signup" className={primitives.button}>
              Create New Account
            </Link>
            <Link to="/login" className={primitives.secondary}>
              Back to Login
            </Link>
          </div>
        </>
      )}
      <p className={styles.footer}>
        <Link to="/">Back to Home</Link>
      </p>
    </AuthCard>
  );
}
