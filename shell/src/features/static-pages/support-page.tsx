import { primitives, Link } from '@store/shared';
import { SUPPORT_EMAIL, WHATSAPP_URL } from '../../layout/contact';
import { PolicySection, StaticPage } from './static-page';
import styles from './static-page.module.css';
import { TileGrid } from './tile-grid';

const HELP_CATEGORIES = [
  {
    icon: '💳',
    title: 'Payments & Refunds',
    text: 'Billing questions, coupons and refund requests.',
  },
  { icon: '⬇', title: 'Downloads', text: 'Finding, downloading and re-downloading your files.' },
  { icon: '📄', title: 'Licensing', text: 'What you may do with the assets you buy.' },
  { icon: '👤', title: 'Account', text: 'Sign-in, e-mail verification and password resets.' },
  { icon: '🎨', title: 'Selling', text: 'Seller applications and listing your own creations.' },
];

const QUICK_ANSWERS = [
  {
    question: 'What is your refund policy?',
    answer:
      'You can request a refund within 30 days of purchase. Contact us with your order number.',
  },
  {
    question: 'How quickly will I hear back?',
    answer: 'Support is available 24/7; most e-mails get a reply within a few hours.',
  },
  {
    question: 'I did not receive my reset e-mail.',
    answer: 'Check your spam folder and request a new link; each link expires in 1 hour.',
  },
];

export function SupportPage() {
  return (
    <StaticPage
      title="Support Center"
      intro="We're here to help 24/7. Pick the way that suits you best."
    >
      <section aria-labelledby="contact-methods">
        <h2 id="contact-methods" className={styles.blockTitle}>
          Contact Us
        </h2>
        <div className={styles.grid}>
          <div className={`${primitives.card} ${styles.tile}`}>
            <h3>Email Support</h3>
            <p>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </div>
          <div className={`${primitives.card} ${styles.tile}`}>
            <h3>WhatsApp</h3>
            <p>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                Chat with us on WhatsApp
              </a>
            </p>
          </div>
          <div className={`${primitives.card} ${styles.tile}`}>
            <h3>Help Center</h3>
            <p>
              Browse the <Link to="/faq">FAQ</Link> for instant answers.
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="help-categories">
        <h2 id="help-categories" className={styles.blockTitle}>
          How can we help?
        </h2>
        <TileGrid tiles={HELP_CATEGORIES} />
      </section>
      <PolicySection title="Frequently Asked Questions">
        {QUICK_ANSWERS.map(({ question, answer }) => (
          <div key={question}>
            <h3>{question}</h3>
            <p>{answer}</p>
          </div>
        ))}
        <p>
          <Link to="/faq">See all FAQs</Link>
        </p>
      </PolicySection>
      <section className={`${primitives.card} ${styles.callout}`} aria-labelledby="urgent-help">
        <h2 id="urgent-help">Need urgent help?</h2>
        <p>
          Payment taken but no download? Message us on WhatsApp with your order number and we will
          prioritise your request.
        </p>
        <div className={styles.actions}>
          <a
            href={WHATSAPP_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={primitives.button}
          >
            Get Urgent Help
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={primitives.secondary}>
            Email Us
          </a>
        </div>
      </section>
    </StaticPage>
  );
}
