import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { parseDataUrl } from '../lib/data-url.ts';
import { defaultFileName, sanitizeFileName } from '../lib/file-name.ts';
import { HttpError } from '../lib/http-error.ts';
import { checkImage, RefusedImage, type ImageType } from '../lib/image-check.ts';
import {
  MAX_INPUT_PIXELS,
  renderRenditions,
  UndecodableImage,
  type RenditionWidth,
} from '../lib/image-renditions.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';
import { renditionKey } from './preview-renditions.ts';
import { PREVIEW_PREFIX } from './product-view.ts';

/** The files of a create or an edit, as the client sent them (data URLs). */
export interface UploadInput {
  /** The product's name: an asset without a file name is named after it. */
  name: string;
  /** Absent on an edit: the current preview stays. */
  previewImage?: string | null;
  /** Absent: no file (create), or the current file stays (edit). */
  originalAsset?: string | null;
  fileName?: string | null;
}

/** A stored asset, as a product row and its `product_files` version hold it. */
export interface StoredFile {
  assetKey: string;
  contentType: string;
  fileName: string;
  fileSize: number;
}

/** What `write` stored: the keys to put in the row, and every key tried (to discard). */
export interface WrittenUploads {
  previewKey: string | null;
  file: StoredFile | null;
  written: string[];
}

const MB = 1024 * 1024;

export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, { fields: { [field]: message } });
}

function tooLarge(label: string, limit: number): HttpError {
  const size = limit >= MB ? `${Math.round((limit / MB) * 10) / 10} MB` : `${limit} bytes`;
  return new HttpError(413, `${label} is too large (at most ${size})`);
}

const PREVIEW_REFUSALS: Record<RefusedImage['reason'], string> = {
  'not-accepted': 'Preview image must be a PNG, JPEG, WebP or GIF',
  damaged: 'Preview image is incomplete or damaged',
  'too-many-pixels': `Preview image has too many pixels (at most ${MAX_INPUT_PIXELS / 1e6} megapixels)`,
};

interface Deps {
  config: Pick<AppConfig, 'uploads'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * The uploads of a product, shared by create and edit: decoded and checked before anything is
 * written (the preview by its bytes, sizes from the decoded data, a safe file name), then
 * written under fresh random keys before the row that names them. Nothing is ever overwritten,
 * so a row always names complete files, and a failed row only leaves keys to `discard`.
 */
export function createProductUploads({ config, storage, log }: Deps) {
  async function checkPreview(bytes: Buffer): Promise<ImageType> {
    try {
      return await checkImage(bytes);
    } catch (error) {
      if (!(error instanceof RefusedImage)) throw error;
      throw invalid('previewImage', PREVIEW_REFUSALS[error.reason]);
    }
  }

  async function decodePreview(dataUrl: string) {
    const { previewMaxBytes } = config.uploads;
    const preview = parseDataUrl(dataUrl, previewMaxBytes);
    if (preview === 'too-large') throw tooLarge('Preview image', previewMaxBytes);
    if (!preview || preview.bytes.length === 0) {
      throw invalid('previewImage', 'Preview image must be an image data URL');
    }
    return { bytes: preview.bytes, image: await checkPreview(preview.bytes) };
  }

  function decodeAsset(input: UploadInput & { originalAsset: string }) {
    const { assetMaxBytes } = config.uploads;
    const asset = parseDataUrl(input.originalAsset, assetMaxBytes);
    if (asset === 'too-large') throw tooLarge('Asset file', assetMaxBytes);
    if (!asset || asset.bytes.length === 0) {
      throw invalid('originalAsset', 'Asset file must be a non-empty data URL');
    }
    let fileName = defaultFileName(input.name, asset.declaredType);
    if (input.fileName) {
      const sanitized = sanitizeFileName(input.fileName);
      if (!sanitized) throw invalid('fileName', 'File name is not usable');
      fileName = sanitized;
    }
    return { ...asset, fileName };
  }

  /** Checks what was sent; a preview or asset left out is null. Nothing is written yet. */
  async function decode(input: UploadInput) {
    const preview = input.previewImage ? await decodePreview(input.previewImage) : null;
    const asset = input.originalAsset
      ? decodeAsset({ ...input, originalAsset: input.originalAsset })
      : null;
    return { preview, asset };
  }

  type Decoded = Awaited<ReturnType<typeof decode>>;

  /** Past checkImage, the renditions still refuse damage other than a cut (`failOn: 'error'`). */
  async function renderPreview(bytes: Buffer): Promise<Map<RenditionWidth, Buffer>> {
    try {
      return await renderRenditions(bytes);
    } catch (error) {
      if (!(error instanceof UndecodableImage)) throw error;
      throw invalid(
        'previewImage',
        error.reason === 'too-many-pixels'
          ? PREVIEW_REFUSALS['too-many-pixels']
          : 'Preview image could not be decoded',
      );
    }
  }

  /**
   * The renditions of a new preview: decoded in full, so a preview that passed `decode` can
   * still be a 400 here. Before `write`, so a refused preview writes nothing.
   */
  async function render(decoded: Decoded) {
    return decoded.preview ? renderPreview(decoded.preview.bytes) : null;
  }

  /** A storage that fails (disk full, bucket unreachable) is a 503 the admin can retry. */
  async function store(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await storage.put(key, bytes, contentType);
    } catch (error) {
      log.error({ err: error, key }, 'storing an uploaded file failed');
      // The failed put may have left something behind under its key (a partial object).
      await storage.delete(key).catch(() => {});
      throw new HttpError(503, 'The file storage is unavailable. Please try again.');
    }
  }

  /**
   * Writes at once; `written` gets every key tried, so a failure removes the writes that did
   * succeed too (a write still running when the first one fails is awaited first).
   */
  async function storeAll(
    files: Array<[key: string, bytes: Buffer]>,
    contentType: string,
    written: string[],
  ): Promise<void> {
    written.push(...files.map(([key]) => key));
    const results = await Promise.allSettled(
      files.map(([key, bytes]) => store(key, bytes, contentType)),
    );
    const failed = results.find((result): result is PromiseRejectedResult => {
      return result.status === 'rejected';
    });
    if (failed) throw failed.reason;
  }

  /**
   * Writes the preview (with its renditions) and the asset under fresh keys. On a failure what
   * was written is discarded before the error goes on.
   */
  async function write(
    decoded: Decoded,
    renditions: Map<RenditionWidth, Buffer> | null,
  ): Promise<WrittenUploads> {
    const { preview, asset } = decoded;
    const previewKey = preview
      ? `${PREVIEW_PREFIX}${randomUUID()}.${preview.image.extension}`
      : null;
    const file: StoredFile | null = asset && {
      assetKey: `assets/${randomUUID()}`,
      contentType: asset.declaredType,
      fileName: asset.fileName,
      fileSize: asset.bytes.length,
    };
    const written: string[] = [];
    try {
      if (preview && previewKey) {
        await store(previewKey, preview.bytes, preview.image.contentType);
        written.push(previewKey);
      }
      if (asset && file) {
        await store(file.assetKey, asset.bytes, file.contentType);
        written.push(file.assetKey);
      }
      if (previewKey && renditions) {
        await storeAll(
          [...renditions].map(([width, bytes]) => [renditionKey(previewKey, width), bytes]),
          'image/webp',
          written,
        );
      }
    } catch (error) {
      await discard(written);
      throw error;
    }
    return { previewKey, file, written };
  }

  /** Removes files written for a row that was never stored. */
  async function discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((cleanup: unknown) => {
          log.error({ err: cleanup, key }, 'could not remove a file of a failed upload');
        }),
      ),
    );
  }

  return { decode, render, write, discard };
}
