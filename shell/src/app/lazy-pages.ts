import { lazy, type ComponentType } from 'react';

/**
 * The shell's own screens load on first visit: a shopper landing on `/` downloads none of the
 * auth or static pages' code, only the catalog remote's. `preload` starts that download early
 * (link-intent-preload.ts); the page's own load then joins it.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: () => void load().catch(() => {}) },
  );
}

export const SignupPage = page(() => import('../features/auth/signup-page'), 'SignupPage');
export const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
export const VerifyEmailPage = page(
  () => import('../features/auth/verify-email-page'),
  'VerifyEmailPage',
);
export const ForgotPasswordPage = page(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = page(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
export const AboutPage = page(() => import('../features/static-pages/about-page'), 'AboutPage');
export const PrivacyPage = page(
  () => import('../features/static-pages/privacy-page'),
  'PrivacyPage',
);
export const TermsPage = page(() => import('../features/static-pages/terms-page'), 'TermsPage');
export const FaqPage = page(() => import('../features/static-pages/faq-page'), 'FaqPage');
export const SupportPage = page(
  () => import('../features/static-pages/support-page'),
  'SupportPage',
);
export const NotFoundPage = page(
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
