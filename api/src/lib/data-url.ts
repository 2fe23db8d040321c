export interface DecodedDataUrl {
  declaredType: string;
  bytes: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded size of a base64 text without decoding it. */
export function base64DecodedLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/**
 * Parses `data:<type>[;params];base64,<data>`. Returns null for anything else. `maxBytes` is
 * checked before decoding, so an oversized upload is refused without a second copy in memory.
 */
export function parseDataUrl(value: string, maxBytes: number): DecodedDataUrl | null | 'too-large' {
  if (!value.startsWith('data:')) return null;
  const comma = value.indexOf(',');
  if (comma < 0 || comma > 256) return null;
  const meta = value.slice(5, comma).split(';');
  if (meta.pop()?.toLowerCase() !== 'base64') return null;
  const declaredType = (meta[0] || 'application/octet-stream').trim().toLowerCase();
  const data = value.slice(comma + 1).replace(/\s+/g, '');
  if (data.length % 4 === 1 || !BASE64.test(data)) return null;
  if (base64DecodedLength(data) > maxBytes) return 'too-large';
  return { declaredType, bytes: Buffer.from(data, 'base64') };
}
