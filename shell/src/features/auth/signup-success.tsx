import { primitives, Link } from '@store/shared';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

interface SignupSuccessProps {
  email: string;
  onCreateAnother: () => void;
}

export function SignupSuccess({ email, onCreateAnother }: SignupSuccessProps) {
  return (
    <AuthCard title="Account Created Successfully!" icon="✓" tone="success">
      <p className={styles.message}>
        We&apos;ve sent a verification email to <strong>{email}</strong>. Please check your inbox
        and click the link to verify your account.
      </p>
      <div className={styles.actions}>
        <Link to="/login" className={primitives.button}>
          Go to Login
        </Link>
        <button type="button" className={primitives.secondary} onClick={onCreateAnother}>
          Create Another Account
        </button>
      </div>
    </AuthCard>
  );
}
