import type { NewProduct, ProductChange } from '@store/contract';
import type { PickedFile } from './use-picked-files';
import type { ProductDraft } from './validate-product';

/** What an edit says about a new file: whether to mail the buyers, and the note for them. */
export interface FileUpdate {
  notifyBuyers: boolean;
  releaseNote: string;
}

function fieldsOf(draft: ProductDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    price: parseFloat(draft.price),
    categoryId: draft.categoryId,
    assetTypeId: draft.assetTypeId,
  };
}

/** `previewImages`: the gallery's data URLs in display order. */
export function newProductOf(
  draft: ProductDraft,
  previewImages: string[],
  asset: PickedFile | null,
): NewProduct {
  return {
    ...fieldsOf(draft),
    previewImages,
    originalAsset: asset?.dataUrl ?? null,
    fileName: asset?.name ?? null,
    fileSize: asset?.size ?? null,
  };
}

/**
 * An edit sends only what changed of the files: the whole gallery (kept images' URLs, new ones'
 * data URLs) when it changed, a new file when one is picked. The release note and the buyers'
 * mail belong to a new file, so they go with one only.
 */
export function productChangeOf(
  draft: ProductDraft,
  previewImages: string[] | null,
  asset: PickedFile | null,
  update: FileUpdate,
): ProductChange {
  return {
    ...fieldsOf(draft),
    ...(previewImages && { previewImages }),
    ...(asset && {
      originalAsset: asset.dataUrl,
      fileName: asset.name,
      fileSize: asset.size,
      releaseNote: update.releaseNote.trim() || null,
    }),
    notifyBuyers: asset !== null && update.notifyBuyers,
  };
}
