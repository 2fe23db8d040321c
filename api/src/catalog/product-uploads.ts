import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PREVIEW_IMAGES } from '@store/contract';
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

/** A new preview image as the client sent it, and the body field that carried it. */
export interface PreviewUpload {
  dataUrl: string;
  field: 'previewImage' | 'previewImages';
}

/** The files of a create or an edit, as the client sent them (data URLs). */
export interface UploadInput {
  /** The product's name: an asset without a file name is named after it. */
  name: string;
  /** New preview images in gallery order; none on an edit that keeps the gallery. */
  previews: PreviewUpload[];
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
  /** The new previews' keys, in the order they were sent. */
  previewKeys: string[];
  file: StoredFile | null;
  written: string[];
}

const MB = 1024 * 1024;
const JSON_OVERHEAD_BYTES = MB;

/**
 * The body limit of a create or an edit: a full gallery and the asset as base64 data URLs (4/3
 * of their size) and the other fields. The per-file limits answer 413 first.
 */
export function uploadBodyLimit(uploads: AppConfig['uploads']): number {
  const files = MAX_PREVIEW_IMAGES * uploads.previewMaxBytes + uploads.assetMaxBytes;
  return Math.ceil((files * 4) / 3) + JSON_OVERHEAD_BYTES;
}

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
  async function checkPreview(bytes: Buffer, field: PreviewUpload['field']): Promise<ImageType> {
    try {
      return await checkImage(bytes);
    } catch (error) {
      if (!(error instanceof RefusedImage)) throw error;
      throw invalid(field, PREVIEW_REFUSALS[error.reason]);
    }
  }

  async function decodePreview({ dataUrl, field }: PreviewUpload) {
    const { previewMaxBytes } = config.uploads;
    const preview = parseDataUrl(dataUrl, previewMaxBytes);
    if (preview === 'too-large') throw tooLarge('Preview image', previewMaxBytes);
    if (!preview || preview.bytes.length === 0) {
      throw invalid(field, 'Preview image must be an image data URL');
    }
    return { bytes: preview.bytes, field, image: await checkPreview(preview.bytes, field) };
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

  /** Checks what was sent; an asset left out is null. Nothing is written yet. */
  async function decode(input: UploadInput) {
    const previews = [];
    // One at a time: the first refused image answers, and only one is being checked at once.
    for (const upload of input.previews) previews.push(await decodePreview(upload));
    const asset = input.originalAsset
      ? decodeAsset({ ...input, originalAsset: input.originalAsset })
      : null;
    return { previews, asset };
  }

  type Decoded = Awaited<ReturnType<typeof decode>>;

  /** Past checkImage, the renditions still refuse damage other than a cut (`failOn: 'error'`). */
  async function renderPreview(
    bytes: Buffer,
    field: PreviewUpload['field'],
  ): Promise<Map<RenditionWidth, Buffer>> {
    try {
      return await renderRenditions(bytes);
    } catch (error) {
      if (!(error instanceof UndecodableImage)) throw error;
      throw invalid(
        field,
        error.reason === 'too-many-pixels'
          ? PREVIEW_REFUSALS['too-many-pixels']
          : 'Preview image could not be decoded',
      );
    }
  }

  /**
   * The renditions of each new preview, in order: decoded in full, so a preview that passed
   * `decode` can still be a 400 here. Before `write`, so a refused preview writes nothing. One
   * image at a time: rendering is the costly part and the machine's cores serve requests too.
   */
  async function render(decoded: Decoded): Promise<Array<Map<RenditionWidth, Buffer>>> {
    const renditions = [];
    for (const preview of decoded.previews) {
      renditions.push(await renderPreview(preview.bytes, preview.field));
    }
    return renditions;
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
   * Writes the previews (with their renditions) and the asset under fresh keys. On a failure
   * what was written is discarded before the error goes on.
   */
  async function write(
    decoded: Decoded,
    renditions: Array<Map<RenditionWidth, Buffer>>,
  ): Promise<WrittenUploads> {
    const { asset } = decoded;
    const previews = decoded.previews.map((preview) => ({
      ...preview,
      key: `${PREVIEW_PREFIX}${randomUUID()}.${preview.image.extension}`,
    }));
    const file: StoredFile | null = asset && {
      assetKey: `assets/${randomUUID()}`,
      contentType: asset.declaredType,
      fileName: asset.fileName,
      fileSize: asset.bytes.length,
    };
    const written: string[] = [];
    try {
      for (const preview of previews) {
        await store(preview.key, preview.bytes, preview.image.contentType);
        written.push(preview.key);
      }
      if (asset && file) {
        await store(file.assetKey, asset.bytes, file.contentType);
        written.push(file.assetKey);
      }
      for (const [index, { key }] of previews.entries()) {
        const sizes = renditions[index];
        if (!sizes) continue;
        await storeAll(
          [...sizes].map(([width, bytes]) => [renditionKey(key, width), bytes]),
          'image/webp',
          written,
        );
      }
    } catch (error) {
      await discard(written);
      throw error;
    }
    return { previewKeys: previews.map(({ key }) => key), file, written };
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
