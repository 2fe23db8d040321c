import { drawArtwork } from '../lib/artwork.ts';

// The same seed as the shell's default category card (`scripts/generate-category-images.mjs`).
const FALLBACK_SEED = 8 * 11 + 3;

let fallback: Promise<Buffer> | null = null;

/** The image shown for a product without a stored preview: drawn once per process. */
export function fallbackPreviewPng(): Promise<Buffer> {
  fallback ??= drawArtwork(FALLBACK_SEED, 480, 300).catch((error: unknown) => {
    fallback = null;
    throw error;
  });
  return fallback;
}
