import { Modal, primitives } from '@store/shared';
import { SUPPORT_EMAIL, WHATSAPP_URL } from '../../layout/contact';
import styles from './get-started-modal.module.css';

/** Contact choices behind About's 'Get Started'. */
export function GetStartedModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Let's Talk" onClose={onClose}>
      <p className={styles.text}>
        Want to buy for your team, or apply to sell your work on the marketplace? Reach us the way
        you prefer and we&apos;ll reply within one business day.
      </p>
      <div className={styles.options}>
        <a
          href={WHATSAPP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={primitives.button}
        >
          Chat on WhatsApp
        </a>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={primitives.secondary}>
          Send an Email
        </a>
      </div>
    </Modal>
  );
}
