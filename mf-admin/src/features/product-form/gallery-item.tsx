import { previewImageSources } from '@store/shared';
import styles from './preview-gallery.module.css';
import type { GalleryImage } from './use-gallery';

/** The control of an image that keeps the focus after a change: its id is `${id}-${control}`. */
export type ItemControl = 'up' | 'down' | 'remove';

interface GalleryItemProps {
  /** The item's controls' ids start with it. */
  id: string;
  image: GalleryImage;
  /** 1 for the first image. */
  position: number;
  count: number;
  /** A save runs: nothing may change. */
  locked: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One thumbnail of the gallery, with its moves and its removal. */
export function GalleryItem(props: GalleryItemProps) {
  const { id, image, position, count, locked, onMove, onRemove } = props;
  const label = `image ${position}`;
  const sources =
    image.name === null ? previewImageSources(image.src, '160px') : { src: image.src };
  return (
    <li className={styles.item}>
      <img
        className={styles.thumb}
        {...sources}
        alt={image.name === null ? `Current ${label}` : `Preview of ${image.name}`}
        width={160}
        height={100}
      />
      {position === 1 && <span className={styles.card}>Card image</span>}
      <div className={styles.controls}>
        <button
          id={`${id}-up`}
          type="button"
          className={styles.control}
          aria-label={`Move ${label} up`}
          disabled={locked || position === 1}
          onClick={() => onMove(-1)}
        >
          Up
        </button>
        <button
          id={`${id}-down`}
          type="button"
          className={styles.control}
          aria-label={`Move ${label} down`}
          disabled={locked || position === count}
          onClick={() => onMove(1)}
        >
          Down
        </button>
        <button
          id={`${id}-remove`}
          type="button"
          className={`${styles.control} ${styles.remove}`}
          aria-label={`Remove ${label}`}
          disabled={locked}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
