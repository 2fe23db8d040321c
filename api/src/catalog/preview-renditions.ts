import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  renderRenditions,
  UndecodableImage,
  type RenditionWidth,
} from '../lib/image-renditions.ts';
import { fallbackPreviewPng } from './fallback-preview.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';

/** Beside the original, in the same storage: `previews/<name>.w320.webp`. */
export function renditionKey(previewKey: string, width: RenditionWidth): string {
  return `${previewKey}.w${width}.webp`;
}

const RENDITION_NAME = /\.w\d+\.webp$/;

export interface PreviewFile {
  body: Readable | Buffer;
  contentType: string;
  size: number;
  /** False for a stand-in that may be replaced (the original of an image sharp cannot read). */
  immutable: boolean;
}

// Keys whose original sharp refused: not decoded again on every request.
const MAX_REMEMBERED_FAILURES = 1000;

interface Deps {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * Serves the WebP renditions of stored previews. Uploads and the seed write them with the
 * original; a preview stored before renditions existed gets them on its first request (rendered
 * once, stored, then served from the storage like the others).
 */
export function createPreviewRenditions({ storage, log }: Deps) {
  const rendering = new Map<string, Promise<Map<RenditionWidth, Buffer> | null>>();
  const refused = new Set<string>();
  let fallback: Promise<Map<RenditionWidth, Buffer>> | null = null;

  async function readAll(key: string) {
    const file = await storage.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), contentType: file.contentType };
  }

  async function backfill(previewKey: string, original: Buffer) {
    try {
      const renditions = await renderRenditions(original);
      // A failed write only means rendering again on a later request.
      await Promise.all(
        [...renditions].map(([width, bytes]) =>
          storage.put(renditionKey(previewKey, width), bytes, 'image/webp').catch((error) => {
            log.warn({ err: error, key: previewKey, width }, 'could not store a rendition');
          }),
        ),
      );
      return renditions;
    } catch (error) {
      if (!(error instanceof UndecodableImage)) throw error;
      log.warn({ err: error, key: previewKey }, 'a stored preview cannot be decoded');
      if (refused.size >= MAX_REMEMBERED_FAILURES) refused.clear();
      refused.add(previewKey);
      return null;
    }
  }

  /** Concurrent first requests for one preview render it once. */
  function renderOnce(previewKey: string, original: Buffer) {
    let pending = rendering.get(previewKey);
    if (!pending) {
      pending = backfill(previewKey, original).finally(() => rendering.delete(previewKey));
      rendering.set(previewKey, pending);
    }
    return pending;
  }

  /**
   * The rendition of a stored preview at `width`, or null when there is no such preview. An
   * original sharp cannot decode is answered as it is, so the image still shows.
   */
  async function open(previewKey: string, width: RenditionWidth): Promise<PreviewFile | null> {
    const stored = await storage.get(renditionKey(previewKey, width));
    if (stored) {
      return { body: stored.body, contentType: 'image/webp', size: stored.size, immutable: true };
    }
    // Renditions are not rendered again from renditions.
    if (RENDITION_NAME.test(previewKey)) return null;
    const original = await readAll(previewKey);
    if (!original) return null;
    const renditions = refused.has(previewKey)
      ? null
      : await renderOnce(previewKey, original.bytes);
    const bytes = renditions?.get(width);
    if (!bytes) {
      const { bytes: body, contentType } = original;
      return { body, contentType, size: body.length, immutable: false };
    }
    return { body: bytes, contentType: 'image/webp', size: bytes.length, immutable: true };
  }

  /** Renditions of the generated fallback image, rendered once per process. */
  async function openFallback(width: RenditionWidth): Promise<Buffer> {
    fallback ??= fallbackPreviewPng()
      .then(renderRenditions)
      .catch((error: unknown) => {
        fallback = null;
        throw error;
      });
    const renditions = await fallback;
    return renditions.get(width)!;
  }

  return { open, openFallback };
}

export type PreviewRenditions = ReturnType<typeof createPreviewRenditions>;
