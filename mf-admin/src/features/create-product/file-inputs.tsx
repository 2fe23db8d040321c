import type { ChangeEvent } from 'react';
import styles from './create-product.module.css';
import { Field, invalidProps } from './field';
import { formatMegabytes } from './read-file';
import type { PickedFile } from './use-product-form';

interface PreviewInputProps {
  preview: PickedFile | null;
  error?: string;
  onPick: (file: File | undefined) => Promise<boolean>;
}

export function PreviewImageInput({ preview, error, onPick }: PreviewInputProps) {
  async function change(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const accepted = await onPick(input.files?.[0]);
    if (!accepted) input.value = '';
  }

  return (
    <Field id="product-preview" label="Preview Image" error={error}>
      <input
        id="product-preview"
        className={styles.file}
        type="file"
        accept="image/*"
        onChange={change}
        {...invalidProps('product-preview', error)}
      />
      {preview && (
        <img
          className={styles.preview}
          src={preview.dataUrl}
          alt={`Preview of ${preview.name}`}
          width={320}
          height={200}
        />
      )}
    </Field>
  );
}

interface AssetInputProps {
  asset: PickedFile | null;
  onPick: (file: File | undefined) => Promise<void>;
}

export function AssetFileInput({ asset, onPick }: AssetInputProps) {
  return (
    <Field
      id="product-asset"
      label="Original Asset (optional)"
      hint={
        asset && (
          <p className={styles.hint} data-testid="asset-summary">
            {asset.name} ({formatMegabytes(asset.size)})
          </p>
        )
      }
    >
      <input
        id="product-asset"
        className={styles.file}
        type="file"
        onChange={(event) => void onPick(event.currentTarget.files?.[0])}
      />
    </Field>
  );
}
