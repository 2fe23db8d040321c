import assert from 'node:assert/strict';
import { it } from 'node:test';
import sharp from 'sharp';
import { drawArtwork } from '../../src/lib/artwork.ts';
import { fallbackPreviewPng } from '../../src/catalog/fallback-preview.ts';

/** Every pixel decoded, refused if the data is cut short. */
async function decode(png: Buffer) {
  const { format } = await sharp(png).metadata();
  const { data, info } = await sharp(png, { failOn: 'truncated' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.height, channels: info.channels, data };
}

it('draws the fallback preview once: a 480 x 300 PNG that decodes whole', async () => {
  const first = fallbackPreviewPng();
  assert.equal(fallbackPreviewPng(), first, 'the same drawing is handed out again');
  const image = await decode(await first);
  assert.deepEqual([image.format, image.width, image.height, image.channels], ['png', 480, 300, 3]);
  // A picture, not a flat fill: the rings and the fade vary the pixels.
  assert.ok(new Set(image.data).size > 50);
});

it('draws the same artwork for a seed and a different one for another seed', async () => {
  const [a, again, b] = await Promise.all([
    drawArtwork(5, 480, 300),
    drawArtwork(5, 480, 300),
    drawArtwork(12, 480, 300),
  ]);
  assert.deepEqual(a, again);
  assert.notDeepEqual(a, b);
  const asset = await decode(await drawArtwork(106, 640, 400));
  assert.deepEqual([asset.format, asset.width, asset.height], ['png', 640, 400]);
});

it('keeps the look of a seed: its first hue top left, fading into the second', async () => {
  // Seed 5: rings of hue 327.5 (pink), fading into hue 27.5 (orange).
  const { data, width } = await decode(await drawArtwork(5, 480, 300));
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3),
  ];
  const [r, g, b] = pixel(2, 2);
  assert.ok(r! > b! && b! > g!, `top left ${[r, g, b]} is pink`);
  const [r2, g2, b2] = pixel(477, 297);
  assert.ok(r2! > g2! && g2! > b2!, `bottom right ${[r2, g2, b2]} is orange`);
});
