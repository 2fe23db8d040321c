import { useEffect, useState, type FormEvent } from 'react';
import { checkAuth, login, logout, selectUser } from '../auth/auth-slice';
import { useCartLoader } from '../cart/use-cart-loader';
import { useAppDispatch, useAppSelector } from '../store/hooks';

/**
 * Sign-in for a remote running alone: the login screen and the cart loading belong to the shell,
 * yet the cart, account and admin pages need a session. Session cookies are per host, not per
 * port, so a session started in the composed store on :3000 is picked up here as well.
 */
export function StandaloneSession() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    void dispatch(checkAuth());
  }, [dispatch]);

  // As the shell's CartLoader: the cart follows whoever is signed in.
  useCartLoader();

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(login({ email, password })).then(() => setPassword(''));
  };

  if (user) {
    return (
      <span style={{ display: 'inline-flex', gap: '0.5rem' }}>
        <span>Signed in as {user.name}</span>
        <button type="button" onClick={() => void dispatch(logout())}>
          Sign out
        </button>
      </span>
    );
  }
  return (
    <form onSubmit={signIn} style={{ display: 'inline-flex', gap: '0.5rem' }}>
      <input
        type="email"
        aria-label="Email"
        placeholder="Email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <input
        type="password"
        aria-label="Password"
        placeholder="Password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit">Sign in</button>
    </form>
  );
}
