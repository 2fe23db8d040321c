import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productPreviews, products } from '../db/schema.ts';
import { invalid, type PreviewUpload } from './product-uploads.ts';
import { previewUrl } from './product-view.ts';

/** The gallery fields of a create or edit body. */
export interface GalleryInput {
  /** One data URL: a create's only image, or on an edit the new first one. */
  previewImage?: string | null | undefined;
  /** The whole gallery in display order; wins over `previewImage`. */
  previewImages?: string[] | null | undefined;
}

/** A place in the gallery: a new image (its index among the uploads) or a stored one kept. */
type Slot = { upload: number } | { kept: string };

/** A gallery to store: the new images to check and write, and every place in display order. */
export interface GalleryPlan {
  uploads: PreviewUpload[];
  slots: Slot[];
}

const isDataUrl = (value: string) => value.startsWith('data:');

/** A create's gallery: every entry of `previewImages` is a new image, else `previewImage`. */
export function createdGallery(input: GalleryInput): GalleryPlan {
  let uploads: PreviewUpload[] = [];
  if (input.previewImages?.length) {
    uploads = input.previewImages.map((dataUrl) => ({ dataUrl, field: 'previewImages' }));
  } else if (input.previewImage) {
    uploads = [{ dataUrl: input.previewImage, field: 'previewImage' }];
  }
  if (uploads.length === 0) throw invalid('previewImage', 'Preview image is required');
  return { uploads, slots: uploads.map((_, upload) => ({ upload })) };
}

/**
 * An edit's gallery from the current one (its stored keys in order); null leaves it as it is.
 * In `previewImages` a data URL is a new image and any other entry must be a URL the product
 * page lists, so a client can only keep images the product has. A product without images lists
 * the fallback, which keeps nothing. `previewImage` alone replaces the first image.
 */
export function editedGallery(
  input: GalleryInput,
  current: string[],
  publicFilesUrl: string,
): GalleryPlan | null {
  if (input.previewImages?.length) {
    const known = new Map(current.map((key) => [previewUrl(publicFilesUrl, key), key]));
    const fallback = current.length === 0 ? previewUrl(publicFilesUrl, null) : null;
    const uploads: PreviewUpload[] = [];
    const slots: Slot[] = [];
    const kept = new Set<string>();
    for (const entry of input.previewImages) {
      if (isDataUrl(entry)) {
        slots.push({ upload: uploads.length });
        uploads.push({ dataUrl: entry, field: 'previewImages' });
        continue;
      }
      if (entry === fallback) continue;
      const key = known.get(entry);
      if (key === undefined) throw invalid('previewImages', 'Unknown preview image');
      if (kept.has(key)) throw invalid('previewImages', 'A preview image is listed twice');
      kept.add(key);
      slots.push({ kept: key });
    }
    return { uploads, slots };
  }
  if (input.previewImage) {
    return {
      uploads: [{ dataUrl: input.previewImage, field: 'previewImage' }],
      slots: [{ upload: 0 }, ...current.slice(1).map((key) => ({ kept: key }))],
    };
  }
  return null;
}

/** The stored keys of a planned gallery, once its uploads were written under `uploadedKeys`. */
export function plannedKeys(plan: GalleryPlan, uploadedKeys: string[]): string[] {
  return plan.slots.map((slot) => {
    if ('kept' in slot) return slot.kept;
    const key = uploadedKeys[slot.upload];
    if (key === undefined) throw new Error(`preview upload ${slot.upload} was not written`);
    return key;
  });
}

/**
 * A product's gallery keys in display order. A product written without gallery rows (by a seed,
 * or before galleries existed) shows its card image alone.
 */
export async function storedGallery(
  db: Db,
  productId: string,
  cardKey?: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ key: productPreviews.imageKey })
    .from(productPreviews)
    .where(eq(productPreviews.productId, productId))
    .orderBy(asc(productPreviews.position));
  if (rows.length) return rows.map((row) => row.key);
  if (cardKey !== undefined) return cardKey === null ? [] : [cardKey];
  const [product] = await db
    .select({ key: products.previewImageKey })
    .from(products)
    .where(eq(products.id, productId));
  return product?.key ? [product.key] : [];
}

/** Replaces a product's gallery rows; the caller's transaction sets the card image with it. */
export async function replaceGallery(tx: Db, productId: string, keys: string[]): Promise<void> {
  await tx.delete(productPreviews).where(eq(productPreviews.productId, productId));
  if (keys.length === 0) return;
  await tx
    .insert(productPreviews)
    .values(keys.map((imageKey, position) => ({ productId, position, imageKey })));
}
