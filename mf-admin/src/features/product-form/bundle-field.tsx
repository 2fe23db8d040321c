import type { Product } from '@store/contract';
import { LoadError, Spinner } from '@store/shared';
import { ProductPicker } from '../../common/product-picker';
import styles from './product-form.module.css';
import type { ProductFormState } from './use-product-form';
import { BUNDLE_MAX, BUNDLE_MIN } from './validate-pricing';

/** Why a product found cannot join this bundle, in the api's words; null when it can. */
function refusalFor(editedId: string | null) {
  return (found: Product) =>
    found.id === editedId
      ? 'A bundle cannot contain itself'
      : found.is_bundle
        ? 'A bundle cannot contain a bundle'
        : null;
}

/**
 * The products the bundle grants, in its order; none: not a bundle. An edit of a bundle waits
 * for its items (or says why they did not come, with a Retry; a save meanwhile keeps them).
 */
export function BundleField({ form, idPrefix }: { form: ProductFormState; idPrefix: string }) {
  const { bundle, draft, errors, product } = form;
  const id = `${idPrefix}-bundle`;

  if (bundle.loaded.status === 'loading') {
    return (
      <div className={styles.group}>
        <Spinner label="Loading the bundle's products..." />
      </div>
    );
  }
  if (bundle.loaded.status === 'failed') {
    return (
      <div className={styles.group}>
        <LoadError message={bundle.loaded.error} onRetry={bundle.loaded.retry} />
      </div>
    );
  }
  const count = draft.bundleItems.length;
  return (
    <ProductPicker
      id={id}
      legend="Bundle"
      field="bundleItems"
      ordered
      chosen={draft.bundleItems}
      names={bundle.names}
      limit={BUNDLE_MAX}
      hint={
        count === 0
          ? `Not a bundle: add ${BUNDLE_MIN} to ${BUNDLE_MAX} products to sell them together`
          : `${count} of ${BUNDLE_MAX} products, granted in this order`
      }
      error={errors.bundleItems}
      disabled={form.saving}
      refusal={refusalFor(product?.id ?? null)}
      onAdd={form.addToBundle}
      onRemove={form.removeFromBundle}
    />
  );
}
