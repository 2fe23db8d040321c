// Writes the category card images the shell serves at /category/{icon}.png (and default.png).
// Generated, never downloaded (drawn by the api's artwork, with sharp): `node scripts/generate-category-images.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawArtwork } from '../api/src/lib/artwork.ts';
import { ROOT } from './lib/composition.mjs';

const ICONS = [
  'digital-art',
  'photography',
  '3d-models',
  'fonts',
  'templates',
  'audio',
  'software',
  'ui-kits',
];
const target = path.join(ROOT, 'shell/public/category');
mkdirSync(target, { recursive: true });
for (const [index, icon] of [...ICONS, 'default'].entries()) {
  writeFileSync(path.join(target, `${icon}.png`), await drawArtwork(index * 11 + 3, 480, 300));
}
console.log(`wrote ${ICONS.length + 1} images to ${path.relative(ROOT, target)}`);
