import zlib from 'node:zlib';
import sharp from 'sharp';

/** A PNG of the RGB pixels `pixel` gives, encoded by sharp. */
export async function pixelPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * One PNG chunk (length, type, data, CRC), for the images no encoder writes: a header that
 * declares a decompression bomb, pixel data that is not zlib.
 */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
