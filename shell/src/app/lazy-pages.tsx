import { LoadError, Spinner, useLoaded } from '@store/shared';
import { useState, type ComponentType } from 'react';

/**
 * The shell's own screens load on first visit: a shopper landing on `/` downloads none of the
 * auth or static pages' code, only the catalog remote's. `preload` starts that download early
 * (link-intent-preload.ts); the page's own load then joins it. The page loads outside Suspense
 * (see `useLoaded`), and one opened before renders at once.
 */
export function shellPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  let loaded: ComponentType | undefined;
  const loadPage = async () => {
    try {
      return (loaded = (await load())[name]);
    } catch (error) {
      console.error(`${name} could not be loaded`, error);
      throw error;
    }
  };

  function Loading({ onRetry }: { onRetry: () => void }) {
    const outcome = useLoaded(loadPage, loaded);
    if (outcome === null) return <Spinner />;
    if ('error' in outcome) {
      return <LoadError message="This page could not be loaded." onRetry={onRetry} />;
    }
    return <outcome.value />;
  }

  // A Retry mounts a new loader (by key), which asks the network again.
  function ShellPage() {
    const [attempt, setAttempt] = useState(0);
    return <Loading key={attempt} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return Object.assign(ShellPage, { preload: () => void loadPage().catch(() => {}) });
}

export const SignupPage = shellPage(() => import('../features/auth/signup-page'), 'SignupPage');
export const LoginPage = shellPage(() => import('../features/auth/login-page'), 'LoginPage');
export const VerifyEmailPage = shellPage(
  () => import('../features/auth/verify-email-page'),
  'VerifyEmailPage',
);
export const ForgotPasswordPage = shellPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = shellPage(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
export const AboutPage = shellPage(
  () => import('../features/static-pages/about-page'),
  'AboutPage',
);
export const PrivacyPage = shellPage(
  () => import('../features/static-pages/privacy-page'),
  'PrivacyPage',
);
export const TermsPage = shellPage(
  () => import('../features/static-pages/terms-page'),
  'TermsPage',
);
export const FaqPage = shellPage(() => import('../features/static-pages/faq-page'), 'FaqPage');
export const SupportPage = shellPage(
  () => import('../features/static-pages/support-page'),
  'SupportPage',
);
export const NotFoundPage = shellPage(
  () => import('../features/not-found/not-found-page'),
  'NotFoundPage',
);

/** The shell's pages a link can lead to, by path (mailed links open the others). */
export const LINKED_SHELL_PAGES: Record<string, { preload: () => void }> = {
  '/signup': SignupPage,
  '/login': LoginPage,
  '/forgot-password': ForgotPasswordPage,
  '/about': AboutPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/faq': FaqPage,
  '/support': SupportPage,
};
