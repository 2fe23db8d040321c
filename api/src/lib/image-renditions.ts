import sharp from 'sharp';

/**
 * The widths the product images are shown at, in CSS pixels at 1x and 2x: admin thumbnails
 * (64 px), cart and order lines (72-96 px), cards (240-370 px, 327 px on a phone). The clients'
 * `srcset` lists the same widths (`shared/src/catalog/preview-image.ts`).
 */
export const RENDITION_WIDTHS = [160, 320, 480, 960] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

/**
 * A decompression bomb (a few KB of PNG declaring 100000 x 100000 pixels) is refused from its
 * header, before any pixel is decoded. 50 MP still takes a full-frame camera photo.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
const TIMEOUT_SECONDS = 20;
// Bounds the memory and the threads that decoding takes, whatever the number of uploads.
const MAX_RUNNING = 2;

export function isRenditionWidth(width: number): width is RenditionWidth {
  return (RENDITION_WIDTHS as readonly number[]).includes(width);
}

/** Why sharp refused an image; the caller words the answer. */
export class UndecodableImage extends Error {
  readonly reason: 'too-many-pixels' | 'undecodable';

  constructor(reason: 'too-many-pixels' | 'undecodable', options?: ErrorOptions) {
    super(
      reason === 'too-many-pixels' ? 'image exceeds the pixel limit' : 'image is undecodable',
      options,
    );
    this.reason = reason;
    this.name = 'UndecodableImage';
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function toWebp(bytes: Buffer, width: number) {
  return (
    sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // 'warning' refuses real photos with a stray byte; a damaged or truncated image still fails.
      failOn: 'error',
    })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      // Effort 2 of 6 halves the encoding time of the default 4 for about 2 % more bytes.
      .webp({ quality: 80, effort: 2 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true })
  );
}

/**
 * WebP renditions of an image at every width in `RENDITION_WIDTHS`, never wider than the image
 * itself: once a width reaches the original's, the wider ones repeat that rendition, so every
 * width a `srcset` names exists. Throws `UndecodableImage` for what sharp cannot decode.
 */
export async function renderRenditions(bytes: Buffer): Promise<Map<RenditionWidth, Buffer>> {
  return withSlot(async () => {
    const renditions = new Map<RenditionWidth, Buffer>();
    let widest: Buffer | null = null;
    for (const width of RENDITION_WIDTHS) {
      if (widest) {
        renditions.set(width, widest);
        continue;
      }
      let output: Awaited<ReturnType<typeof toWebp>>;
      try {
        output = await toWebp(bytes, width);
      } catch (error) {
        const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
        throw new UndecodableImage(tooLarge ? 'too-many-pixels' : 'undecodable', { cause: error });
      }
      renditions.set(width, output.data);
      if (output.info.width < width) widest = output.data;
    }
    return renditions;
  });
}
