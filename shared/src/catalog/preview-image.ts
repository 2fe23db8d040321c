/**
 * The widths the api renders every product preview at, as WebP (`?w=` on the preview's URL);
 * the same list as `RENDITION_WIDTHS` in api/src/lib/image-renditions.ts.
 */
export const PREVIEW_WIDTHS = [160, 320, 480, 960] as const;

/**
 * The `sizes` of each place a preview is shown, from its CSS. Cards fill a
 * `repeat(auto-fill, minmax(15rem, 1fr))` grid with 1.25rem gaps in the 72rem content column
 * (1.5rem padding): one column up to a 547 px viewport, then two, three, and four from 1068 px.
 */
export const PREVIEW_SIZES = {
  card:
    '(max-width: 547px) calc(100vw - 48px), (max-width: 807px) calc(50vw - 34px), ' +
    '(max-width: 1067px) calc(33.3vw - 29px), 261px',
  /** Cart and order lines: 6rem, less on phones. */
  line: '96px',
  /** The admin's product table. */
  thumb: '64px',
} as const;

export interface PreviewImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

// Only the api's own preview URLs have renditions; anything else (an external image, a URL
// that already has a query) is shown as it is.
const API_PREVIEW = /\/previews\/[^/?#]+$/;

/** `src`, `srcSet` and `sizes` for an `<img>` of a product preview, to spread onto it. */
export function previewImageSources(url: string, sizes: string): PreviewImageSources {
  if (!API_PREVIEW.test(url)) return { src: url };
  const srcSet = PREVIEW_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
  return { src: url, srcSet, sizes };
}
