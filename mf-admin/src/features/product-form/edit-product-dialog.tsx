import type { Product } from '@store/contract';
import { Modal, resourceOf } from '@store/shared';
import { BUYERS_FAILED, buyersApi } from '../../common/products-api';
import { ProductForm } from './product-form';
import { useProductForm } from './use-product-form';

interface EditProductDialogProps {
  product: Product;
  /** Closes the dialog: after Cancel, or once the product is saved. */
  onClose: () => void;
}

/**
 * The product form filled with a product, in a dialog: focus moves in, Tab stays inside, and
 * Escape or Cancel gives it back to the Edit button. It cannot be closed while a save runs.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const form = useProductForm(product, { onSaved: onClose });
  // Counted when the dialog opens, so the number is there by the time a file is picked; said
  // in place, beside the checkbox.
  const buyers = resourceOf(buyersApi.useBuyersQuery(product.id), BUYERS_FAILED);

  return (
    <Modal title={`Edit ${product.name}`} onClose={onClose} dismissible={!form.saving}>
      <ProductForm form={form} buyers={buyers} onCancel={onClose} />
    </Modal>
  );
}
