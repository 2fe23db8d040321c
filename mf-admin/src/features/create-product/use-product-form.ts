import { errorMessage, notify, responseField, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { productsApi } from '../../common/products-api';
import { productAdded } from '../../common/products-slice';
import { isImage, readAsDataUrl } from './read-file';
import {
  EMPTY_DRAFT,
  validateProduct,
  type DraftErrors,
  type DraftField,
  type ProductDraft,
} from './validate-product';

export interface PickedFile {
  name: string;
  size: number;
  dataUrl: string;
}

export const NOT_AN_IMAGE = 'Preview must be an image file (PNG, JPEG, GIF, WebP...)';
const FIELDS: readonly DraftField[] = [
  'name',
  'description',
  'price',
  'categoryId',
  'assetTypeId',
  'previewImage',
];

async function pick(file: File): Promise<PickedFile> {
  return { name: file.name, size: file.size, dataUrl: await readAsDataUrl(file) };
}

function serverFieldErrors(error: unknown): DraftErrors {
  const fields = responseField(error, 'fields') ?? {};
  const known: DraftErrors = {};
  for (const field of FIELDS) {
    const reason = fields[field];
    if (typeof reason === 'string') known[field] = reason;
  }
  return known;
}

export function useProductForm() {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<ProductDraft>(EMPTY_DRAFT);
  const [preview, setPreview] = useState<PickedFile | null>(null);
  const [asset, setAsset] = useState<PickedFile | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [resetCount, setResetCount] = useState(0);
  // Names of the picked files still being read: a submit now would go without them.
  const [reading, setReading] = useState<readonly string[]>([]);

  async function readTracked(file: File): Promise<PickedFile> {
    setReading((names) => [...names, file.name]);
    try {
      return await pick(file);
    } finally {
      setReading((names) => {
        const index = names.indexOf(file.name);
        return index === -1 ? names : names.filter((_, at) => at !== index);
      });
    }
  }

  const clearError = (field: DraftField) => setErrors((previous) => ({ ...previous, [field]: '' }));

  function setField(field: keyof ProductDraft, value: string) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    clearError(field);
  }

  /** Returns false when the file is refused (not an image), so the input can be cleared. */
  async function pickPreview(file: File | undefined): Promise<boolean> {
    setPreview(null);
    if (!file) return true;
    if (!isImage(file)) {
      setErrors((previous) => ({ ...previous, previewImage: NOT_AN_IMAGE }));
      return false;
    }
    clearError('previewImage');
    try {
      setPreview(await readTracked(file));
      return true;
    } catch {
      setErrors((previous) => ({ ...previous, previewImage: 'Could not read this file' }));
      return false;
    }
  }

  async function pickAsset(file: File | undefined) {
    setAsset(null);
    if (!file) return;
    try {
      setAsset(await readTracked(file));
    } catch {
      notify.error(`Could not read ${file.name}`);
    }
  }

  /** Returns false when the draft is invalid (errors are set). */
  async function submit(): Promise<boolean> {
    if (progress !== null || reading.length > 0) return true;
    const found = validateProduct(draft, preview !== null);
    if (Object.keys(found).length > 0 || !preview) {
      setErrors(found);
      return false;
    }
    setProgress(0);
    try {
      await productsApi.create(
        {
          name: draft.name.trim(),
          description: draft.description.trim(),
          price: parseFloat(draft.price),
          categoryId: draft.categoryId,
          assetTypeId: draft.assetTypeId,
          previewImage: preview.dataUrl,
          originalAsset: asset?.dataUrl ?? null,
          fileName: asset?.name ?? null,
          fileSize: asset?.size ?? null,
        },
        setProgress,
      );
      dispatch(productAdded());
      notify.success('Product created successfully!');
      setDraft(EMPTY_DRAFT);
      setPreview(null);
      setAsset(null);
      setErrors({});
      setResetCount((count) => count + 1);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to create product'));
      setErrors(serverFieldErrors(error));
    } finally {
      setProgress(null);
    }
    return true;
  }

  return {
    draft,
    preview,
    asset,
    errors,
    progress,
    reading,
    resetCount,
    setField,
    pickPreview,
    pickAsset,
    submit,
  };
}
