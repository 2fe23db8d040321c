import { Link } from '@store/shared';
import { SUPPORT_EMAIL } from '../../layout/contact';
import { PolicySection, StaticPage } from './static-page';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="How we collect, use and protect your personal information."
      updated="January 2025"
    >
      <PolicySection title="Information We Collect">
        <ul>
          <li>Account details: your name, e-mail address and a securely hashed password.</li>
          <li>Order details: the assets you buy, amounts paid in USD and download history.</li>
          <li>
            Payment details are handled by our card payment provider; we never receive or store your
            full card number.
          </li>
          <li>
            Technical data such as browser type and pages visited, used to keep the site fast.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="How We Use Your Information">
        <ul>
          <li>To create your account, verify your e-mail address and keep you signed in.</li>
          <li>To process orders, deliver downloads and send order confirmations.</li>
          <li>To answer support requests and prevent fraud and abuse.</li>
        </ul>
        <p>We do not sell your personal information to anyone.</p>
      </PolicySection>
      <PolicySection title="Cookies">
        <p>
          We use essential cookies to keep you signed in and to remember your session. You can clear
          them at any time, but you will then need to sign in again.
        </p>
      </PolicySection>
      <PolicySection title="Data Retention">
        <p>
          We keep account and order records for about 7 years to meet tax and accounting
          obligations, after which they are deleted or anonymised.
        </p>
      </PolicySection>
      <PolicySection title="Your Rights">
        <p>
          You can see and update your name in your profile, and you may ask us for a copy of your
          data or for its deletion, subject to the retention duties above.
        </p>
      </PolicySection>
      <PolicySection title="Children's Privacy">
        <p>
          Our service is not directed at children under 13, and we do not knowingly collect
          information from them. If you believe a child has given us data, contact us and we will
          remove it.
        </p>
      </PolicySection>
      <PolicySection title="Contact Us">
        <p>
          Questions about this policy? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or visit our{' '}
          <Link to="/support">Support</Link> page. See also our{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </PolicySection>
    </StaticPage>
  );
}
