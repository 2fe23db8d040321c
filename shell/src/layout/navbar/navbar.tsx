import {
  firstName,
  isAdmin,
  logout,
  selectCartCount,
  selectUser,
  useAppDispatch,
  useAppSelector,
  Link,
  NavLink,
  useNavigate,
} from '@store/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import styles from './navbar.module.css';
import { NavbarSearch } from './navbar-search';
import { useMobileMenu } from './use-mobile-menu';

const MENU_ID = 'main-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

export function Navbar() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const cartCount = useAppSelector(selectCartCount);
  const { open, close, toggle } = useMobileMenu();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  async function handleLogout() {
    close();
    setLoggingOut(true);
    try {
      await dispatch(logout());
      navigate('/');
    } finally {
      setLoggingOut(false);
    }
  }

  function closeOnEscape(event: KeyboardEvent) {
    // Return focus to the toggle so keyboard users are not left inside a hidden menu.
    if (event.key === 'Escape' && open) toggleRef.current?.focus();
  }

  return (
    <header className={styles.navbar}>
      <nav className={styles.inner} aria-label="Main" onKeyDown={closeOnEscape}>
        <Link to="/" className={styles.logo} onClick={close}>
          <span className={styles.logoMark} aria-hidden="true">
            ◆
          </span>
          Digital Assets
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={toggle}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <ul id={MENU_ID} className={`${styles.menu} ${open ? styles.open : ''}`}>
          {/* In the bar on wide screens, at the top of the menu on phones: one form for both. */}
          <li className={styles.searchItem}>
            <NavbarSearch onSearch={close} />
          </li>
          {user ? (
            <>
              {isAdmin(user) && (
                <li>
                  <NavLink to="/secret-dashboard" className={linkClass} onClick={close}>
                    Dashboard
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/cart" className={linkClass} onClick={close}>
                  Cart
                  {cartCount > 0 && (
                    <span className={styles.badge} data-testid="cart-badge">
                      {cartCount}
                    </span>
                  )}
                </NavLink>
              </li>
              <li>
                <NavLink to="/orders" className={linkClass} onClick={close}>
                  Orders
                </NavLink>
              </li>
              <li>
                <NavLink to="/profile" className={linkClass} onClick={close}>
                  Hi, {firstName(user)}
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  className={styles.logout}
                  onClick={handleLogout}
                  disabled={loggingOut}
                >
                  {loggingOut ? 'Logging out...' : 'Logout'}
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/signup" className={`${styles.link} ${styles.cta}`} onClick={close}>
                  Sign Up
                </NavLink>
              </li>
              <li>
                <NavLink to="/login" className={linkClass} onClick={close}>
                  Login
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
