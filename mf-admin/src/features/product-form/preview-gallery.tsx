import { LoadError, Spinner } from '@store/shared';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { errorId } from './field';
import { GalleryItem, type ItemControl } from './gallery-item';
import formStyles from './product-form.module.css';
import styles from './preview-gallery.module.css';
import { GALLERY_LIMIT, type Gallery } from './use-gallery';

interface PreviewGalleryProps {
  /** Makes the ids unique: the create tab's form and an edit dialog's are on one page. */
  idPrefix: string;
  gallery: Gallery;
  error?: string;
  /** A save runs: nothing may change. */
  locked: boolean;
}

function countText(count: number): string {
  const text = `${count} of ${GALLERY_LIMIT} images`;
  return count < GALLERY_LIMIT ? text : `${text}: remove one to add another`;
}

/**
 * The product's preview images as thumbnails in display order, each movable and removable, and
 * a file input adding more up to the limit. The control pressed keeps the focus as its image
 * moves; after a removal it goes to the next image's Remove, or to the file input.
 */
export function PreviewGallery({ idPrefix, gallery, error, locked }: PreviewGalleryProps) {
  const id = `${idPrefix}-gallery`;
  const inputId = `${id}-add`;
  const itemId = (key: string) => `${id}-${key}`;
  const focusNext = useRef<string | null>(null);
  const { images, loaded } = gallery;
  const count = images.length;

  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  function move(index: number, by: -1 | 1) {
    const image = images[index];
    if (!image) return;
    const to = index + by;
    // At either end the control that moved it there is disabled: the other one takes the focus.
    const atEnd = to === 0 || to === count - 1;
    const control: ItemControl = (by === -1) === atEnd ? 'down' : 'up';
    focusNext.current = `${itemId(image.key)}-${control}`;
    gallery.move(image.key, by);
  }

  function remove(index: number) {
    const image = images[index];
    if (!image) return;
    const next = images[index + 1] ?? images[index - 1];
    focusNext.current = next ? `${itemId(next.key)}-remove` : inputId;
    gallery.remove(image.key);
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Emptied at once: the thumbnails show what was added, and the same file can be added again.
    input.value = '';
    void gallery.add(files);
  }

  const ready = loaded.status === 'loaded';
  const describedBy = [`${id}-hint`, `${id}-count`, error && errorId(inputId)].filter(Boolean);
  return (
    <fieldset className={styles.gallery}>
      <legend className={styles.legend}>Preview Images</legend>
      <p id={`${id}-hint`} className={formStyles.hint}>
        Up to {GALLERY_LIMIT} images, in the order shown: the first is the card image.
      </p>
      {loaded.status === 'loading' && <Spinner label="Loading preview images..." />}
      {loaded.status === 'failed' && <LoadError message={loaded.error} onRetry={loaded.retry} />}
      {count > 0 && (
        <ol className={styles.list} aria-label="Preview images in order">
          {images.map((image, index) => (
            <GalleryItem
              key={image.key}
              id={itemId(image.key)}
              image={image}
              position={index + 1}
              count={count}
              locked={locked}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <label htmlFor={inputId} className={styles.add}>
        Add Preview Images
      </label>
      <input
        id={inputId}
        className={formStyles.file}
        type="file"
        accept="image/*"
        multiple
        disabled={!ready || locked || gallery.adding || count >= GALLERY_LIMIT}
        onChange={pick}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(' ')}
      />
      <p id={`${id}-count`} className={formStyles.hint}>
        {ready ? countText(count) : ''}
      </p>
      {error && (
        <p id={errorId(inputId)} className={formStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
