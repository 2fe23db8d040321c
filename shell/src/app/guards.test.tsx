import type { User } from '@store/contract';
import { initialAuthState } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { AdminOnly, SignedInOnly, SignedOutOnly } from './guards';

// Navigate moves in an effect, which jsdom runs before anything could be looked at; the stub
// keeps the guard's redirecting frame on screen so the test can see what it paints meanwhile.
jest.mock('@store/shared', () => ({
  ...jest.requireActual<typeof import('@store/shared')>('@store/shared'),
  Navigate: ({ to }: { to: string }) => <span data-testid="navigate-to">{to}</span>,
}));

const user = (role: User['role']): User => ({
  id: 'u1',
  name: 'Sam',
  email: 's@x.io',
  role,
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
});

function renderGuarded(guard: 'in' | 'out' | 'admin', signedIn: User | null) {
  const Guard = { in: SignedInOnly, out: SignedOutOnly, admin: AdminOnly }[guard];
  return renderWithProviders(
    <Routes>
      <Route element={<Guard />}>
        <Route path="/page" element={<h1>Guarded page</h1>} />
      </Route>
    </Routes>,
    { route: '/page', preloadedState: { auth: { ...initialAuthState(), user: signedIn } } },
  );
}

describe('route guards', () => {
  it.each([
    { guard: 'in', who: 'a visitor', signedIn: null, to: '/login' },
    { guard: 'out', who: 'a shopper', signedIn: user('user'), to: '/' },
    { guard: 'admin', who: 'a shopper', signedIn: user('user'), to: '/' },
    { guard: 'admin', who: 'a visitor', signedIn: null, to: '/' },
  ] as const)(
    'the $guard guard sends $who to $to with a spinner, never a blank page',
    ({ guard, signedIn, to }) => {
      renderGuarded(guard, signedIn);
      expect(screen.getByTestId('navigate-to')).toHaveTextContent(to);
      expect(screen.getByRole('status')).toHaveTextContent('Redirecting...');
      expect(screen.queryByRole('heading', { name: 'Guarded page' })).not.toBeInTheDocument();
    },
  );

  it.each([
    { guard: 'in', who: 'a shopper', signedIn: user('user') },
    { guard: 'out', who: 'a visitor', signedIn: null },
    { guard: 'admin', who: 'an admin', signedIn: user('admin') },
  ] as const)('the $guard guard lets $who through', ({ guard, signedIn }) => {
    renderGuarded(guard, signedIn);
    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
    expect(screen.queryByTestId('navigate-to')).not.toBeInTheDocument();
  });
});
