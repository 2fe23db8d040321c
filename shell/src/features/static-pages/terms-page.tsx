import { Link } from '@store/shared';
import { SUPPORT_EMAIL } from '../../layout/contact';
import { PolicySection, StaticPage } from './static-page';

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      intro="The rules for buying and using digital assets on our marketplace."
      updated="January 2025"
    >
      <PolicySection title="Acceptance of Terms">
        <p>
          By creating an account or making a purchase you agree to these terms and to our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </PolicySection>
      <PolicySection title="Eligibility">
        <p>You must be at least 18 years old to create an account and buy on the marketplace.</p>
      </PolicySection>
      <PolicySection title="Accounts">
        <p>
          You are responsible for keeping your password safe and for all activity on your account.
          Verify your e-mail address before signing in for the first time.
        </p>
      </PolicySection>
      <PolicySection title="Purchases and Pricing">
        <p>
          All prices are shown and charged in USD. Payment is taken through our card payment
          provider when you check out. Discount coupons apply a percentage off your subtotal.
        </p>
      </PolicySection>
      <PolicySection title="Licence to Use Assets">
        <ul>
          <li>Each purchase grants you a personal, non-exclusive licence to use the asset.</li>
          <li>You may use assets in personal and commercial projects.</li>
          <li>You may not resell, redistribute or share the original files as they are.</li>
          <li>Creators keep the copyright in their work.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Sellers">
        <p>
          Creators who wish to sell on the marketplace may submit a seller application; listings are
          reviewed before they go live.
        </p>
      </PolicySection>
      <PolicySection title="Prohibited Use">
        <p>
          Do not misuse the service, attempt to access other accounts, or upload content you do not
          have the right to sell.
        </p>
      </PolicySection>
      <PolicySection title="Limitation of Liability">
        <p>
          Assets are provided as described on their product page. To the extent the law allows, our
          liability is limited to the amount you paid for the asset concerned.
        </p>
      </PolicySection>
      <PolicySection title="Changes and Contact">
        <p>
          We may update these terms and will post the new version here. Questions? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </StaticPage>
  );
}
