import type { Product } from '@store/contract';
import { Field } from './field';
import styles from './product-form.module.css';
import { formatMegabytes } from './read-file';
import type { PickedFile } from './use-picked-files';

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
