import { notify } from '@store/shared';
import { useState } from 'react';
import { readAsDataUrl } from './read-file';

export interface PickedFile {
  name: string;
  size: number;
  dataUrl: string;
}

async function pick(file: File): Promise<PickedFile> {
  return { name: file.name, size: file.size, dataUrl: await readAsDataUrl(file) };
}

/**
 * The asset picked in the form, and every picked file still being read (the asset or a preview
 * image), read as data URLs.
 */
export function usePickedFiles() {
  const [asset, setAsset] = useState<PickedFile | null>(null);
  // Names of the picked files still being read: a submit now would go without them.
  const [reading, setReading] = useState<readonly string[]>([]);

  /** Reads a file as a data URL, named in `reading` until it is read. */
  async function read(file: File): Promise<PickedFile> {
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

  async function pickAsset(file: File | undefined) {
    setAsset(null);
    if (!file) return;
    try {
      setAsset(await read(file));
    } catch {
      notify.error(`Could not read ${file.name}`);
    }
  }

  return { asset, reading, read, pickAsset, clearAsset: () => setAsset(null) };
}
