import { previewImageSources } from '@store/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import styles from './product-gallery.module.css';

/** The main image fills the page's column: one column on phones, half of 72rem from 900 px. */
const MAIN_SIZES =
  '(max-width: 899px) calc(100vw - 48px), (max-width: 1199px) calc(50vw - 40px), 536px';
const THUMB_SIZES = '80px';

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The product's preview images: the chosen one large, and a button per image to choose it. The
 * arrow keys, Home and End move between the buttons and show their image as they go.
 */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [chosen, setChosen] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const shown = Math.min(chosen, Math.max(count - 1, 0));
  const image = images[shown];

  function step(event: KeyboardEvent) {
    const move = STEPS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(shown, count);
    setChosen(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        {image && (
          <img
            className={styles.mainImage}
            {...previewImageSources(image, MAIN_SIZES)}
            alt={count > 1 ? `${name}, image ${shown + 1} of ${count}` : name}
            width={960}
            height={600}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
      {count > 1 && (
        <div className={styles.thumbs} role="group" aria-label="Product images" onKeyDown={step}>
          {images.map((url, index) => (
            <button
              key={url}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              className={styles.thumb}
              aria-label={`Show image ${index + 1} of ${count}`}
              aria-pressed={index === shown}
              // One stop in the tab order; the arrows move within the row.
              tabIndex={index === shown ? 0 : -1}
              onClick={() => setChosen(index)}
            >
              <img
                className={styles.thumbImage}
                {...previewImageSources(url, THUMB_SIZES)}
                alt=""
                width={160}
                height={100}
                loading="lazy"
                decoding="async"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
