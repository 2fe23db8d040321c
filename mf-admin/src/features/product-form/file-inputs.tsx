import type { Product } from '@store/contract';
import { previewImageSources } from '@store/shared';
import type { ChangeEvent } from 'react';
import { errorId, Field, invalidProps } from './field';
import styles from './product-form.module.css';
import { formatMegabytes } from './read-file';
import type { PickedFile } from './use-picked-files';

/** The ids of what describes a control, or nothing. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface PreviewInputProps {
  /** Makes the ids unique: the create tab's form and an edit dialog's are on one page. */
  idPrefix: string;
  preview: PickedFile | null;
  /** Editing: the product whose preview stays unless another is picked. */
  current: Product | null;
  error?: string;
  onPick: (file: File | undefined) => Promise<boolean>;
}

export function PreviewImageInput({
  idPrefix,
  preview,
  current,
  error,
  onPick,
}: PreviewInputProps) {
  const id = `${idPrefix}-preview`;
  async function change(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const accepted = await onPick(input.files?.[0]);
    if (!accepted) input.value = '';
  }

  return (
    <Field
      id={id}
      label="Preview Image"
      error={error}
      hint={
        current && (
          <p id={`${id}-hint`} className={styles.hint}>
            Kept unless you pick another image
          </p>
        )
      }
    >
      <input
        id={id}
        className={styles.file}
        type="file"
        accept="image/*"
        onChange={change}
        {...invalidProps(id, error)}
        aria-describedby={describedBy(current && `${id}-hint`, error && errorId(id))}
      />
      {preview ? (
        <img
          className={styles.preview}
          src={preview.dataUrl}
          alt={`Preview of ${preview.name}`}
          width={320}
          height={200}
        />
      ) : (
        current && (
          <img
            className={styles.preview}
            {...previewImageSources(current.preview_image_url, '320px')}
            alt={`Current preview of ${current.name}`}
            width={320}
            height={200}
          />
        )
      )}
    </Field>
  );
}

interface AssetInputProps {
  idPrefix: string;
  asset: PickedFile | null;
  /** Editing: the product whose file stays unless another is picked. */
  current: Product | null;
  onPick: (file: File | undefined) => Promise<void>;
}

/** '2.50 MB' after the name when the size is known. */
function describeFile(name: string, size: number | null): string {
  return size === null ? name : `${name} (${formatMegabytes(size)})`;
}

export function AssetFileInput({ idPrefix, asset, current, onPick }: AssetInputProps) {
  const id = `${idPrefix}-asset`;
  return (
    <Field
      id={id}
      label="Original Asset (optional)"
      hint={
        <>
          {current && (
            <p id={`${id}-current`} className={styles.hint} data-testid="current-asset">
              {current.file_name
                ? `Current file: ${describeFile(current.file_name, current.file_size)}`
                : 'No file yet'}
            </p>
          )}
          {asset && (
            <p className={styles.hint} data-testid="asset-summary">
              {current ? 'New file: ' : ''}
              {describeFile(asset.name, asset.size)}
            </p>
          )}
        </>
      }
    >
      <input
        id={id}
        className={styles.file}
        type="file"
        aria-describedby={current ? `${id}-current` : undefined}
        onChange={(event) => void onPick(event.currentTarget.files?.[0])}
      />
    </Field>
  );
}
