// Writes WebP copies of the category card images at the widths the cards are shown at, beside
// the PNGs in shell/public/category (`{icon}-320.webp`, `{icon}-480.webp`); run once after
// generate-category-images.mjs, and commit the output: `node scripts/convert-category-images.mjs`.
// sharp is the api's dependency (hoisted to the root node_modules by the workspaces).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib/composition.mjs';

// Cards are 288-355 px wide on a desktop, up to 596 px in one column on a phone (home.module.css).
const WIDTHS = [320, 480];

const folder = path.join(ROOT, 'shell/public/category');
const images = readdirSync(folder).filter((file) => file.endsWith('.png'));
for (const file of images) {
  const name = path.basename(file, '.png');
  for (const width of WIDTHS) {
    const target = path.join(folder, `${name}-${width}.webp`);
    // Never wider than the PNG: an upscaled copy only costs bytes.
    await sharp(path.join(folder, file))
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 6 })
      .toFile(target);
  }
}
console.log(`wrote ${images.length * WIDTHS.length} WebP images to ${path.relative(ROOT, folder)}`);
