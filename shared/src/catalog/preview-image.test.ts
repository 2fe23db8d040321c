import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PREVIEW_SIZES, PREVIEW_WIDTHS, previewImageSources } from './preview-image';

describe('previewImageSources', () => {
  it('lists a WebP rendition per width of an api preview, keeping the original as src', () => {
    const url = '/api/files/previews/0b6a1f2e-3c4d.png';
    expect(previewImageSources(url, PREVIEW_SIZES.card)).toEqual({
      src: url,
      srcSet: `${url}?w=160 160w, ${url}?w=320 320w, ` + `${url}?w=480 480w, ${url}?w=960 960w`,
      sizes: PREVIEW_SIZES.card,
    });
  });

  it('works for previews served from another origin (PUBLIC_FILES_URL)', () => {
    const url = 'https://cdn.example.com/files/previews/seed-neon.png';
    const sources = previewImageSources(url, '64px');
    expect(sources.srcSet?.split(', ')[0]).toBe(`${url}?w=160 160w`);
    expect(sources.sizes).toBe('64px');
  });

  it('leaves any other image as it is', () => {
    for (const url of [
      '/category/fonts.png',
      'https://example.com/a.png',
      '/api/files/previews/a.png?w=320',
      '/api/files/previews/',
      'data:image/png;base64,iVBORw0KGgo=',
      '',
    ]) {
      expect(previewImageSources(url, '96px')).toEqual({ src: url });
    }
  });

  it('asks for the widths the api renders', () => {
    const source = readFileSync(
      path.join(__dirname, '../../../api/src/lib/image-renditions.ts'),
      'utf8',
    );
    const list = /RENDITION_WIDTHS = \[([\d, ]+)\] as const/.exec(source)?.[1];
    expect(list?.split(',').map(Number)).toEqual([...PREVIEW_WIDTHS]);
  });
});
