import type { Discount } from '@store/contract';
import { Modal } from '@store/shared';
import { DiscountForm } from './discount-form';
import { useDiscountForm } from './use-discount-form';

interface DiscountDialogProps {
  /** The code to edit; null for a new one. */
  discount: Discount | null;
  /** Once the code is saved, as the api answered it (the dialog then closes). */
  onSaved: (saved: Discount) => void;
  /** After Cancel, or once the code is saved. */
  onClose: () => void;
}

/**
 * The discount form in a dialog: focus moves in, Tab stays inside, and Escape or Cancel gives it
 * back to the button that opened it. It cannot be closed while a save runs.
 */
export function DiscountDialog({ discount, onSaved, onClose }: DiscountDialogProps) {
  const form = useDiscountForm(discount, (saved) => {
    onSaved(saved);
    onClose();
  });
  return (
    <Modal
      title={discount ? `Edit ${discount.code}` : 'New discount code'}
      onClose={onClose}
      dismissible={!form.saving}
    >
      <DiscountForm form={form} onCancel={onClose} />
    </Modal>
  );
}
