import { notify } from '@store/shared';
import { useState } from 'react';
import { isImage, readAsDataUrl } from './read-file';

export interface PickedFile {
  name: string;
  size: number;
  dataUrl: string;
}

export const NOT_AN_IMAGE = 'Preview must be an image file (PNG, JPEG, GIF, WebP...)';

async function pick(file: File): Promise<PickedFile> {
  return { name: file.name, size: file.size, dataUrl: await readAsDataUrl(file) };
}

/**
 * The preview and the asset picked in the form, read as data URLs. `setPreviewError` says why a
 * preview was refused ('' once one is accepted).
 */
export function usePickedFiles(setPreviewError: (reason: string) => void) {
  const [preview, setPreview] = useState<PickedFile | null>(null);
  const [asset, setAsset] = useState<PickedFile | null>(null);
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

  /** Returns false when the file is refused (not an image), so the input can be cleared. */
  async function pickPreview(file: File | undefined): Promise<boolean> {
    setPreview(null);
    if (!file) return true;
    if (!isImage(file)) {
      setPreviewError(NOT_AN_IMAGE);
      return false;
    }
    setPreviewError('');
    try {
      setPreview(await readTracked(file));
      return true;
    } catch {
      setPreviewError('Could not read this file');
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

  function clear() {
    setPreview(null);
    setAsset(null);
  }

  return { preview, asset, reading, pickPreview, pickAsset, clear };
}
