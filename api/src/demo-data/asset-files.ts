import { drawArtwork } from '../lib/artwork.ts';
import type { SeedFileKind, SeedProduct } from './catalog-data.ts';

export interface GeneratedFile {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function svg(product: SeedProduct, seed: number): string {
  const hue = Math.round((seed * 137.508) % 360);
  const shapes = Array.from({ length: 8 }, (_, i) => {
    const x = 60 + ((seed * 31 + i * 97) % 680);
    const y = 60 + ((seed * 17 + i * 61) % 380);
    const r = 20 + ((seed + i * 13) % 60);
    return `  <circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 25) % 360} 70% 55%)" opacity="0.7"/>`;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">',
    `  <rect width="800" height="500" fill="hsl(${hue} 45% 15%)"/>`,
    ...shapes,
    `  <text x="40" y="470" fill="#fff" font-family="sans-serif" font-size="28">${escapeXml(product.name)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

function obj(seed: number): string {
  const s = 1 + (seed % 3);
  const vertices = [
    [-s, -s, -s],
    [s, -s, -s],
    [s, s, -s],
    [-s, s, -s],
    [-s, -s, s],
    [s, -s, s],
    [s, s, s],
    [-s, s, s],
  ].map(([x, y, z]) => `v ${x} ${y} ${z}`);
  const faces = ['1 2 3 4', '5 8 7 6', '1 5 6 2', '2 6 7 3', '3 7 8 4', '5 1 4 8'].map(
    (face) => `f ${face}`,
  );
  return ['# Sample mesh from the demo catalogue', 'o Sample', ...vertices, ...faces, ''].join(
    '\n',
  );
}

function wav(seed: number): Buffer {
  const rate = 8000;
  const samples = rate; // one second
  const frequency = 220 + (seed % 6) * 55;
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i += 1) {
    const fade = Math.min(1, i / 400, (samples - i) / 400);
    data[i] = 128 + Math.round(90 * fade * Math.sin((2 * Math.PI * frequency * i) / rate));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

function text(product: SeedProduct): string {
  return [
    product.name,
    '='.repeat(product.name.length),
    '',
    product.description,
    '',
    'The quick brown fox jumps over the lazy dog. 0123456789',
    '',
    'Licence: personal and commercial use, no redistribution of the files themselves.',
    '',
  ].join('\n');
}

function csv(product: SeedProduct): string {
  const rows = [
    ['section', 'title', 'notes'],
    ['1', 'Cover', product.name],
    ['2', 'Overview', 'Replace with your own content'],
    ['3', 'Details', 'Totals update automatically'],
    ['4', 'Summary', 'Export to PDF when done'],
  ];
  return rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n');
}

function json(product: SeedProduct): string {
  const document = {
    product: product.name,
    version: '1.0.0',
    licence: 'single-user',
    description: product.description,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const TYPES: Record<SeedFileKind, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  obj: 'model/obj',
  txt: 'text/plain',
  csv: 'text/csv',
  wav: 'audio/wav',
  json: 'application/json',
};

/** A small, real file of the product's kind, so a demo purchase downloads something. */
export async function generateAssetFile(
  product: SeedProduct,
  seed: number,
): Promise<GeneratedFile> {
  const bytes = await (async () => {
    switch (product.file) {
      case 'svg':
        return Buffer.from(svg(product, seed));
      case 'png':
        return drawArtwork(seed + 101, 640, 400);
      case 'obj':
        return Buffer.from(obj(seed));
      case 'wav':
        return wav(seed);
      case 'csv':
        return Buffer.from(csv(product));
      case 'json':
        return Buffer.from(json(product));
      case 'txt':
        return Buffer.from(text(product));
    }
  })();
  return { bytes, contentType: TYPES[product.file], extension: product.file };
}
