import {
  type MatchState,
  PasswordField,
  primitives,
  selectAuthLoading,
  signup,
  TextField,
  useAppDispatch,
  useAppSelector,
  Link,
} from '@store/shared';
import { useState, type FormEvent } from 'react';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';
import { PasswordStrengthMeter } from './password-strength-meter';
import { ResendVerification } from './resend-verification';
import { SignupSuccess } from './signup-success';

const EMPTY_FORM = { name: '', email: '', password: '', confirmPassword: '' };

export function SignupPage() {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectAuthLoading);
  const [form, setForm] = useState(EMPTY_FORM);
  const [agreed, setAgreed] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Apart from the field: the offer names the address the server refused, whatever is typed next.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const update = (field: keyof typeof EMPTY_FORM) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const passwordsDiffer = form.password !== form.confirmPassword;
  const matchState: MatchState = form.confirmPassword
    ? passwordsDiffer
      ? 'mismatch'
      : 'match'
    : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await dispatch(signup(form)).unwrap();
    if (result.success) setSentTo(form.email);
    setUnverifiedEmail(
      !result.success && result.emailVerificationRequired ? form.email.trim() : null,
    );
  }

  function startOver() {
    setForm(EMPTY_FORM);
    setAgreed(false);
    setSentTo(null);
  }

  if (sentTo !== null) return <SignupSuccess email={sentTo} onCreateAnother={startOver} />;

  return (
    <AuthCard
      title="Create Your Account"
      subtitle="Join the marketplace for premium digital assets"
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          label="Full Name"
          id="signup-name"
          value={form.name}
          onChange={update('name')}
          autoComplete="name"
          placeholder="Jane Doe"
          required
        />
        <TextField
          label="Email Address"
          id="signup-email"
          type="email"
          value={form.email}
          onChange={update('email')}
          autoComplete="email"
          placeholder="you@example.com"
          required
        />
        <PasswordField
          label="Password"
          value={form.password}
          onChange={update('password')}
          autoComplete="new-password"
        >
          <PasswordStrengthMeter password={form.password} />
        </PasswordField>
        <PasswordField
          label="Confirm Password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          autoComplete="new-password"
          matchState={matchState}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            required
          />
          <span>
            I agree to the <Link to="/terms">Terms of Service</Link> and{' '}
            <Link to="/privacy">Privacy Policy</Link>
          </span>
        </label>
        <button
          type="submit"
          className={`${primitives.button} ${styles.submit}`}
          disabled={loading || passwordsDiffer}
        >
          {loading ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <p className={styles.footer}>
        <Link to="/login">Already have an account? Sign in now</Link>
      </p>
    </AuthCard>
  );
}
