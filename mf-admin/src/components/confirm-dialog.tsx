import { Modal, primitives } from '@store/shared';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** While the confirmed request runs the dialog stays open and says so on its button. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  busyLabel = 'Working...',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className={styles.actions}>
        <button type="button" className={primitives.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={`${primitives.button} ${styles.danger}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
