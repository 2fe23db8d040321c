import { Spinner, Route, Routes } from '@store/shared';
import { Suspense } from 'react';
import { RemotePage } from '../remotes/remote-page';
import { AdminOnly, SignedInOnly, SignedOutOnly } from './guards';
import {
  AboutPage,
  FaqPage,
  ForgotPasswordPage,
  LoginPage,
  NotFoundPage,
  PrivacyPage,
  ResetPasswordPage,
  SignupPage,
  SupportPage,
  TermsPage,
  VerifyEmailPage,
} from './lazy-pages';

/** The store's route table; remote pages are keyed by the same path strings. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/" element={<RemotePage path="/" />} />
        <Route path="/category/:category" element={<RemotePage path="/category/:category" />} />
        <Route path="/search" element={<RemotePage path="/search" />} />
        <Route path="/product/:slug" element={<RemotePage path="/product/:slug" />} />
        <Route element={<SignedOutOnly />}>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route element={<SignedInOnly />}>
          <Route path="/cart" element={<RemotePage path="/cart" />} />
          <Route path="/purchase-success" element={<RemotePage path="/purchase-success" />} />
          <Route path="/purchase-cancel" element={<RemotePage path="/purchase-cancel" />} />
          <Route path="/orders" element={<RemotePage path="/orders" />} />
          <Route path="/profile" element={<RemotePage path="/profile" />} />
        </Route>
        <Route element={<AdminOnly />}>
          <Route path="/secret-dashboard" element={<RemotePage path="/secret-dashboard" />} />
        </Route>
        <Route path="/about" element={<AboutPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
