import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB pixel function as a PNG: enough to generate demo art with no download. */
export function encodePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    // Filter type 1 (Sub): neighbours differ little in generated art, so deltas compress well.
    raw[row] = 1;
    let previous = [0, 0, 0];
    for (let x = 0; x < width; x += 1) {
      const current = pixel(x, y);
      raw.set(
        current.map((value, i) => (value - previous[i] + 256) & 0xff),
        row + 1 + x * 3,
      );
      previous = current;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A distinct abstract artwork per seed: a two-hue gradient with soft rings. */
export function artwork(seed, width = 480, height = 300) {
  const hue = (seed * 137.508) % 360;
  const hue2 = (hue + 60 + (seed % 5) * 25) % 360;
  const cx = width * (0.3 + ((seed * 7) % 5) / 10);
  const cy = height * (0.3 + ((seed * 3) % 5) / 10);
  const rings = 6 + (seed % 7);
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const d = Math.hypot(x - cx, y - cy) / Math.max(width, height);
    const ring = (Math.sin(d * Math.PI * rings * 2) + 1) / 2;
    const [r1, g1, b1] = hsl(hue, 0.7, 0.35 + 0.25 * ring);
    const [r2, g2, b2] = hsl(hue2, 0.75, 0.55);
    return [r1 * (1 - t) + r2 * t, g1 * (1 - t) + g2 * t, b1 * (1 - t) + b2 * t].map(Math.round);
  });
}
