import sharp, { type FormatEnum } from 'sharp';
import { MAX_INPUT_PIXELS } from './image-renditions.ts';

export interface ImageType {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

/**
 * The formats a preview may have, by the name of the decoder sharp picked from the bytes. SVG
 * is left out on purpose although sharp reads it: it is a document that can carry scripts and
 * links, not a picture to store and serve.
 */
const ACCEPTED: Partial<Record<keyof FormatEnum, ImageType>> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/** Why an image was refused; the caller words the answer. */
export class RefusedImage extends Error {
  readonly reason: 'not-accepted' | 'damaged' | 'too-many-pixels';

  constructor(reason: 'not-accepted' | 'damaged' | 'too-many-pixels', options?: ErrorOptions) {
    super(`image refused: ${reason}`, options);
    this.reason = reason;
    this.name = 'RefusedImage';
  }
}

const INPUT = {
  // The pixel limit is read from the header, before any pixel is decoded: a decompression bomb
  // (a few KB declaring 100000 x 100000 pixels) is refused at once, and the full decode below
  // stays bounded: about a second for 50 MP here, in a few MB rather than the decoded 150 MB.
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'truncated',
} as const;

function refusal(error: unknown): RefusedImage {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new RefusedImage('too-many-pixels', { cause: error });
  if (/unsupported image format/i.test(message)) {
    return new RefusedImage('not-accepted', { cause: error });
  }
  return new RefusedImage('damaged', { cause: error });
}

/**
 * The type of an uploaded image, by its bytes whatever the upload claimed. The header says the
 * format; then every pixel is decoded, since an image cut off in transit or a header followed
 * by anything else still has a header that reads well. Throws `RefusedImage`.
 */
export async function checkImage(bytes: Buffer): Promise<ImageType> {
  let format: keyof FormatEnum;
  try {
    ({ format } = await sharp(bytes, INPUT).metadata());
  } catch (error) {
    throw refusal(error);
  }
  const type = ACCEPTED[format];
  if (!type) throw new RefusedImage('not-accepted');
  try {
    // stats() reads every pixel of the first frame (the one the renditions show) without
    // holding the decoded image. sharp's timeout does not apply to it: the pixel limit bounds it.
    await sharp(bytes, INPUT).stats();
  } catch (error) {
    throw refusal(error);
  }
  return type;
}
