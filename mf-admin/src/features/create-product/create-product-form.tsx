import { LoadError, primitives } from '@store/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styles from './create-product.module.css';
import { Field, invalidProps } from './field';
import { AssetFileInput, PreviewImageInput } from './file-inputs';
import { useDropdownOptions } from './use-dropdown-options';
import { useProductForm } from './use-product-form';

export function CreateProductForm() {
  const { categories, assetTypes, loading, error: optionsError, retry } = useDropdownOptions();
  const form = useProductForm();
  const { draft, errors, progress, reading } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const uploading = progress !== null;
  // At 100 % the bytes are sent and the server is still storing them (a large asset takes seconds).
  const busyLabel = uploading
    ? progress < 100
      ? `Uploading... ${progress}%`
      : 'Saving product...'
    : reading.length > 0
      ? 'Reading files...'
      : null;

  useEffect(() => {
    if (invalidAttempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempts]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await form.submit())) setInvalidAttempts((count) => count + 1);
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <h2 className={styles.heading}>Create New Product</h2>
      <Field id="product-name" label="Name" error={errors.name}>
        <input
          id="product-name"
          className={primitives.input}
          value={draft.name}
          maxLength={200}
          required
          onChange={(event) => form.setField('name', event.target.value)}
          {...invalidProps('product-name', errors.name)}
        />
      </Field>
      <Field id="product-description" label="Description" error={errors.description}>
        <textarea
          id="product-description"
          className={primitives.input}
          rows={4}
          value={draft.description}
          maxLength={5000}
          required
          onChange={(event) => form.setField('description', event.target.value)}
          {...invalidProps('product-description', errors.description)}
        />
      </Field>
      <Field id="product-price" label="Price" error={errors.price}>
        <input
          id="product-price"
          className={primitives.input}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          value={draft.price}
          required
          onChange={(event) => form.setField('price', event.target.value)}
          {...invalidProps('product-price', errors.price)}
        />
      </Field>
      <div className={styles.pair}>
        <Field id="product-category" label="Category" error={errors.categoryId}>
          <select
            id="product-category"
            className={primitives.input}
            value={draft.categoryId}
            required
            aria-busy={loading}
            onChange={(event) => form.setField('categoryId', event.target.value)}
            {...invalidProps('product-category', errors.categoryId)}
          >
            <option value="">{loading ? 'Loading...' : 'Select a category'}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.display_name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="product-asset-type" label="Asset Type" error={errors.assetTypeId}>
          <select
            id="product-asset-type"
            className={primitives.input}
            value={draft.assetTypeId}
            required
            aria-busy={loading}
            onChange={(event) => form.setField('assetTypeId', event.target.value)}
            {...invalidProps('product-asset-type', errors.assetTypeId)}
          >
            <option value="">{loading ? 'Loading...' : 'Select an asset type'}</option>
            {assetTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.display_name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {optionsError && <LoadError message={optionsError} onRetry={retry} />}
      <div className={styles.pair} key={form.resetCount}>
        <PreviewImageInput
          preview={form.preview}
          error={errors.previewImage}
          onPick={form.pickPreview}
        />
        <AssetFileInput asset={form.asset} onPick={form.pickAsset} />
      </div>
      {reading.length > 0 && (
        <p className={styles.hint} role="status">
          Reading {reading.join(', ')}...
        </p>
      )}
      {uploading && (
        <div className={styles.progress}>
          <progress max={100} value={progress} aria-label="Upload progress" />
          <span aria-live="polite">{progress}%</span>
        </div>
      )}
      <button type="submit" className={primitives.button} disabled={busyLabel !== null}>
        {busyLabel ?? 'Create Product'}
      </button>
    </form>
  );
}
