import {
  login,
  PasswordField,
  primitives,
  selectAuthLoading,
  TextField,
  useAppDispatch,
  useAppSelector,
  Link,
  useNavigate,
} from '@store/shared';
import { useState, type FormEvent } from 'react';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';
import { ResendVerification } from './resend-verification';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loading = useAppSelector(selectAuthLoading);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // Apart from the field: the offer names the address the server refused, whatever is typed next.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await dispatch(login({ email, password, rememberMe })).unwrap();
    if (result.success) navigate('/', { replace: true });
    else setUnverifiedEmail(result.emailVerificationRequired ? email.trim() : null);
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your account to continue">
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          label="Email Address"
          id="login-email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          placeholder="you@example.com"
          required
        />
        <PasswordField label="Password" value={password} onChange={setPassword} />
        <div className={styles.row}>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
            <span>Remember me</span>
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <button
          type="submit"
          className={`${primitives.button} ${styles.submit}`}
          disabled={loading}
        >
          {loading ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <p className={styles.footer}>
        <Link to="/signup">Don&apos;t have an account? Sign up now</Link>
      </p>
    </AuthCard>
  );
}
