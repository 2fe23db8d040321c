import sharp from 'sharp';

// One period of the rings' lightness, a sine sampled finely enough that the gradient's
// straight segments between stops do not show as bands.
const RING_STOPS = 16;

const colour = (hue: number, saturation: number, lightness: number) =>
  `hsl(${hue.toFixed(1)}, ${saturation}%, ${lightness.toFixed(1)}%)`;

/**
 * A distinct abstract artwork per seed, as PNG: soft rings of one hue around a point, fading
 * diagonally into a second hue. The demo previews, the fallback image and the shell's category
 * cards are all drawn by it, with no download.
 */
export async function drawArtwork(seed: number, width = 480, height = 300): Promise<Buffer> {
  const hue = (seed * 137.508) % 360;
  const hue2 = (hue + 60 + (seed % 5) * 25) % 360;
  const cx = width * (0.3 + ((seed * 7) % 5) / 10);
  const cy = height * (0.3 + ((seed * 3) % 5) / 10);
  const rings = 6 + (seed % 7);
  const period = Math.max(width, height) / rings;
  const ringStops = Array.from({ length: RING_STOPS + 1 }, (_, i) => {
    const brightness = (Math.sin((2 * Math.PI * i) / RING_STOPS) + 1) / 2;
    const offset = (i / RING_STOPS).toFixed(4);
    return `<stop offset="${offset}" stop-color="${colour(hue, 70, 35 + 25 * brightness)}"/>`;
  });
  const second = colour(hue2, 75, 55);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    '<defs>',
    `<radialGradient id="rings" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${period}" spreadMethod="repeat">`,
    ...ringStops,
    '</radialGradient>',
    // Along the diagonal of the box: the second hue's share is (x / width + y / height) / 2.
    '<linearGradient id="fade" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${second}" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="${second}" stop-opacity="1"/>`,
    '</linearGradient>',
    '</defs>',
    '<rect width="100%" height="100%" fill="url(#rings)"/>',
    '<rect width="100%" height="100%" fill="url(#fade)"/>',
    '</svg>',
  ].join('');
  return (
    sharp({ create: { width, height, channels: 3, background: second } })
      .composite([{ input: Buffer.from(svg) }])
      .removeAlpha()
      // Filtering halves the bytes of a gradient; level 9 took 15 times as long for 9 % fewer.
      .png({ compressionLevel: 4, adaptiveFiltering: true })
      .toBuffer()
  );
}
