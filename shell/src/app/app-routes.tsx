import { Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignupPage } from '../features/auth/signup-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AboutPage } from '../features/static-pages/about-page';
import { FaqPage } from '../features/static-pages/faq-page';
import { PrivacyPage } from '../features/static-pages/privacy-page';
import { SupportPage } from '../features/static-pages/support-page';
import { TermsPage } from '../features/static-pages/terms-page';
import { RemotePage } from '../remotes/remote-page';
import { AdminOnly, SignedInOnly, SignedOutOnly } from './guards';

/** Exactly the spec's route table; remote pages are keyed by the same path strings. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RemotePage remote="catalog" path="/" />} />
      <Route
        path="/category/:category"
        element={<RemotePage remote="catalog" path="/category/:category" />}
      />
      <Route element={<SignedOutOnly />}>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Route>
      <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route element={<SignedInOnly />}>
        <Route path="/cart" element={<RemotePage remote="checkout" path="/cart" />} />
        <Route
          path="/purchase-success"
          element={<RemotePage remote="checkout" path="/purchase-success" />}
        />
        <Route
          path="/purchase-cancel"
          element={<RemotePage remote="checkout" path="/purchase-cancel" />}
        />
        <Route path="/orders" element={<RemotePage remote="account" path="/orders" />} />
        <Route path="/profile" element={<RemotePage remote="account" path="/profile" />} />
      </Route>
      <Route element={<AdminOnly />}>
        <Route
          path="/secret-dashboard"
          element={<RemotePage remote="admin" path="/secret-dashboard" />}
        />
      </Route>
      <Route path="/about" element={<AboutPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/faq" element={<FaqPage />} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
