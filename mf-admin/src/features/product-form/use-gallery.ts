import type { MAX_PREVIEW_IMAGES, Product } from '@store/contract';
import { resourceOf, type Resource } from '@store/shared';
import { useMemo, useRef, useState } from 'react';
import { GALLERY_FAILED, galleryApi } from './gallery-api';
import { isImage } from './read-file';
import type { PickedFile } from './use-picked-files';

/** A preview image of the gallery: one the product has (`name` null) or one picked now. */
export interface GalleryImage {
  key: string;
  /** The kept image's URL, or the picked one's data URL: what a save sends for it. */
  src: string;
  /** The picked file's name; null for a kept image. */
  name: string | null;
}

/** Preview images a product may have: the api's limit, typed by it. */
export const GALLERY_LIMIT: typeof MAX_PREVIEW_IMAGES = 8;

export const NOT_AN_IMAGE = 'Preview must be an image file (PNG, JPEG, GIF, WebP...)';

const NO_IMAGES: string[] = [];
const CREATING: Resource<string[]> = {
  status: 'loaded',
  data: NO_IMAGES,
  error: null,
  retry: () => undefined,
};

function keptImages(urls: readonly string[]): GalleryImage[] {
  return urls.map((url, at) => ({ key: `kept-${at}`, src: url, name: null }));
}

/** Whether `images` are the loaded ones, kept in their order. */
function unchanged(images: readonly GalleryImage[], loaded: readonly string[]): boolean {
  return (
    images.length === loaded.length &&
    images.every((image, at) => image.name === null && image.src === loaded[at])
  );
}

/**
 * The product's preview images, in display order (the first is the card's). An edit starts from
 * the product's gallery, loaded from its page; a new product from none. `read` reads a picked
 * file; `setError` says why a pick was refused ('' once one is accepted).
 */
export function useGallery(
  product: Product | null,
  read: (file: File) => Promise<PickedFile>,
  setError: (reason: string) => void,
) {
  const query = galleryApi.useProductGalleryQuery(product?.slug ?? '', { skip: !product });
  const fetched = resourceOf(query, GALLERY_FAILED);
  const loaded = product ? fetched : CREATING;
  const loadedUrls = loaded.data ?? NO_IMAGES;
  const kept = useMemo(() => keptImages(loadedUrls), [loadedUrls]);
  // The admin's gallery once they change it; until then the loaded one is shown.
  const [edited, setEdited] = useState<GalleryImage[] | null>(null);
  const [adding, setAdding] = useState(false);
  const picks = useRef(0);
  const images = edited ?? kept;

  const change = (update: (images: GalleryImage[]) => GalleryImage[]) =>
    setEdited((current) => update(current ?? kept));

  /** Adds the picked files after the images; refuses them all when one cannot be added. */
  async function add(files: readonly File[]): Promise<boolean> {
    if (files.length === 0) return true;
    if (!files.every(isImage)) {
      setError(NOT_AN_IMAGE);
      return false;
    }
    const room = GALLERY_LIMIT - images.length;
    if (files.length > room) {
      setError(`At most ${GALLERY_LIMIT} preview images: room for ${room} more`);
      return false;
    }
    setError('');
    setAdding(true);
    try {
      const picked = await Promise.all(files.map(read));
      const added = picked.map(({ name, dataUrl }) => {
        picks.current += 1;
        return { key: `new-${picks.current}`, src: dataUrl, name };
      });
      change((current) => [...current, ...added]);
      return true;
    } catch {
      setError('Could not read this file');
      return false;
    } finally {
      setAdding(false);
    }
  }

  function move(key: string, by: -1 | 1) {
    change((current) => {
      const from = current.findIndex((image) => image.key === key);
      const to = from + by;
      const moved = current[from];
      if (!moved || to < 0 || to >= current.length) return current;
      const rest = current.filter((image) => image.key !== key);
      return [...rest.slice(0, to), moved, ...rest.slice(to)];
    });
  }

  function remove(key: string) {
    change((current) => current.filter((image) => image.key !== key));
  }

  const changed = loaded.status === 'loaded' && !unchanged(images, loadedUrls);
  return {
    images,
    /** The product's gallery as loaded: an edit can change it once it is there. */
    loaded,
    adding,
    /** What a save sends as `previewImages`: null when the gallery stays as it is. */
    sources: changed ? images.map((image) => image.src) : null,
    add,
    move,
    remove,
    clear: () => setEdited(null),
  };
}

export type Gallery = ReturnType<typeof useGallery>;
