import zlib from 'node:zlib';

type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Encodes an RGB pixel function as a PNG: enough to generate demo art with no download.
 * Ported from the repository's `scripts/lib/png.mjs`.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    // Filter type 1 (Sub): neighbours differ little in generated art, so deltas compress well.
    raw[row] = 1;
    let [pr, pg, pb] = [0, 0, 0];
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      const at = row + 1 + x * 3;
      raw[at] = (r - pr + 256) & 0xff;
      raw[at + 1] = (g - pg + 256) & 0xff;
      raw[at + 2] = (b - pb + 256) & 0xff;
      [pr, pg, pb] = [r, g, b];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    // Level 4: level 9 took 180 ms per 480x300 preview for about 12% fewer bytes.
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 4 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A distinct abstract artwork per seed: a two-hue gradient with soft rings. */
export function artwork(seed: number, width = 480, height = 300): Buffer {
  const hue = (seed * 137.508) % 360;
  const hue2 = (hue + 60 + (seed % 5) * 25) % 360;
  const cx = width * (0.3 + ((seed * 7) % 5) / 10);
  const cy = height * (0.3 + ((seed * 3) % 5) / 10);
  const rings = 6 + (seed % 7);
  const scale = Math.max(width, height);
  const [r2, g2, b2] = hsl(hue2, 0.75, 0.55);
  // The ring colour depends on the lightness only; a lookup table keeps 24 previews well
  // under a second (Math.hypot and per-pixel hsl() made it take seconds).
  const steps = 1024;
  const ringColours = Array.from({ length: steps + 1 }, (_, i) =>
    hsl(hue, 0.7, 0.35 + (0.25 * i) / steps),
  );
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const dx = x - cx;
    const dy = y - cy;
    const d = Math.sqrt(dx * dx + dy * dy) / scale;
    const ring = (Math.sin(d * Math.PI * rings * 2) + 1) / 2;
    const [r1, g1, b1] = ringColours[Math.round(ring * steps)]!;
    return [
      Math.round(r1 * (1 - t) + r2 * t),
      Math.round(g1 * (1 - t) + g2 * t),
      Math.round(b1 * (1 - t) + b2 * t),
    ];
  });
}

let fallback: Buffer | null = null;

/** The image shown for a product without a stored preview (same art as the shell's default). */
export function fallbackPreviewPng(): Buffer {
  fallback ??= artwork(8 * 11 + 3, 480, 300);
  return fallback;
}
