export interface ImageType {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The image format by its magic bytes, whatever the upload claimed; null for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  const gif = bytes.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return { contentType: 'image/gif', extension: 'gif' };
  return null;
}

/** Chunks from a non-empty IHDR to IEND, each within the bytes. */
function completePng(bytes: Buffer): boolean {
  if (bytes.length < 8 + 25 || bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  if (bytes.readUInt32BE(8) !== 13 || !bytes.readUInt32BE(16) || !bytes.readUInt32BE(20)) {
    return false;
  }
  for (let at = 8; at + 12 <= bytes.length;) {
    const next = at + 12 + bytes.readUInt32BE(at);
    if (next > bytes.length) return false;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return true;
    at = next;
  }
  return false;
}

/** Segments up to the first scan (SOS), then an end-of-image marker after it. */
function completeJpeg(bytes: Buffer): boolean {
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
    } else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
    } else if (marker === 0xd8 || marker === 0xd9) {
      return false; // a second start, or the end before any image data
    } else {
      const length = bytes.readUInt16BE(at + 2);
      if (length < 2) return false;
      if (marker === 0xda) return bytes.indexOf(Buffer.from([0xff, 0xd9]), at + 2 + length) > 0;
      at += 2 + length;
    }
  }
  return false;
}

/** The RIFF container's declared size is present, and so is its first chunk. */
function completeWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk !== 'VP8 ' && chunk !== 'VP8L' && chunk !== 'VP8X') return false;
  const chunkSize = bytes.readUInt32LE(16);
  return (
    bytes.readUInt32LE(4) + 8 <= bytes.length && 20 + chunkSize <= bytes.length && chunkSize > 0
  );
}

/** Blocks from the screen descriptor to the trailer, every sub-block within the bytes. */
function completeGif(bytes: Buffer): boolean {
  if (bytes.length < 14 || !bytes.readUInt16LE(6) || !bytes.readUInt16LE(8)) return false;
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + colorTable(bytes[10]!);
  const skipSubBlocks = (): boolean => {
    while (at < bytes.length) {
      const size = bytes[at]!;
      at += 1 + size;
      if (size === 0) return true;
    }
    return false;
  };
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return true;
    if (block === 0x21) {
      at += 2; // introducer and label
    } else if (block === 0x2c && at + 10 <= bytes.length) {
      at += 10 + colorTable(bytes[at + 9]!) + 1; // descriptor, local table, LZW code size
    } else {
      return false;
    }
    if (!skipSubBlocks()) return false;
  }
  return false;
}

const COMPLETE: Record<ImageType['extension'], (bytes: Buffer) => boolean> = {
  png: completePng,
  jpg: completeJpeg,
  webp: completeWebp,
  gif: completeGif,
};

/**
 * Whether the bytes hold a whole image of that type (its structure from header to end marker),
 * so an upload cut off in transit or a bare signature is refused instead of stored.
 */
export function isCompleteImage(bytes: Buffer, type: ImageType): boolean {
  return COMPLETE[type.extension](bytes);
}
