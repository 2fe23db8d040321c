import { primitives, type Resource } from '@store/shared';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AssetFileInput } from './asset-file-input';
import { NotifyBuyers } from './notify-buyers';
import { PreviewGallery } from './preview-gallery';
import { ProductFields } from './product-fields';
import styles from './product-form.module.css';
import type { ProductFormState } from './use-product-form';

interface ProductFormProps {
  form: ProductFormState;
  /** Editing: how many buyers an update mail would reach. */
  buyers?: Resource<number>;
  /** Editing: leaves without saving. */
  onCancel?: () => void;
}

/** What the submit says while it cannot be pressed, or null when it can. */
function busyLabel({ progress, reading }: ProductFormState): string | null {
  // At 100 % the bytes are sent and the server is still storing them (a large asset takes seconds).
  if (progress !== null) return progress < 100 ? `Uploading... ${progress}%` : 'Saving product...';
  return reading.length > 0 ? 'Reading files...' : null;
}

/**
 * The product form: creating one (the Create Product tab) or editing one (in a dialog, with
 * Save and Cancel). The state is the caller's `useProductForm`, so a dialog can see a save run.
 */
export function ProductForm({ form, buyers, onCancel }: ProductFormProps) {
  const { errors, progress, reading, product } = form;
  // The create tab's form stays mounted under an edit dialog: each form's ids are its own.
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const busy = busyLabel(form);

  useEffect(() => {
    if (invalidAttempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempts]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await form.submit())) setInvalidAttempts((count) => count + 1);
  }

  return (
    <form
      ref={formRef}
      className={product ? styles.editForm : styles.form}
      onSubmit={submit}
      noValidate
    >
      {!product && <h2 className={styles.heading}>Create New Product</h2>}
      <ProductFields form={form} idPrefix={idPrefix} />
      <PreviewGallery
        idPrefix={idPrefix}
        gallery={form.gallery}
        error={errors.previewImage}
        locked={form.saving}
      />
      {/* A new product's form starts again with an empty file input. */}
      <Fragment key={form.resetCount}>
        <AssetFileInput
          idPrefix={idPrefix}
          asset={form.asset}
          current={product}
          onPick={form.pickAsset}
        />
      </Fragment>
      {product && buyers && form.asset && (
        <NotifyBuyers
          idPrefix={idPrefix}
          buyers={buyers}
          notify={form.notifyBuyers}
          releaseNote={form.releaseNote}
          onNotifyChange={form.setNotifyBuyers}
          onReleaseNoteChange={form.setReleaseNote}
        />
      )}
      {reading.length > 0 && (
        <p className={styles.hint} role="status">
          Reading {reading.join(', ')}...
        </p>
      )}
      {progress !== null && (
        <div className={styles.progress}>
          <progress max={100} value={progress} aria-label="Upload progress" />
          <span aria-live="polite">{progress}%</span>
        </div>
      )}
      {product ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={primitives.secondary}
            disabled={form.saving}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button type="submit" className={primitives.button} disabled={busy !== null}>
            {busy ?? 'Save'}
          </button>
        </div>
      ) : (
        <button type="submit" className={primitives.button} disabled={busy !== null}>
          {busy ?? 'Create Product'}
        </button>
      )}
    </form>
  );
}
