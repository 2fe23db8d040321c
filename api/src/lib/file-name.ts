const MAX_LENGTH = 150;

/**
 * A download name safe for any file system and `Content-Disposition`: the last path segment,
 * without control characters, reserved characters or leading dots; the extension survives
 * shortening. Returns null when nothing usable is left.
 */
export function sanitizeFileName(raw: string): string | null {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!cleaned) return null;
  if (cleaned.length <= MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_LENGTH - extension.length).trimEnd() + extension;
}

const EXTENSIONS: Record<string, string> = {
  'application/zip': 'zip',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

/** A default name for an upload that came without one. */
export function defaultFileName(productName: string, contentType: string): string {
  const base =
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'asset';
  return `${base}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** RFC 5987 `attr-char` is stricter than `encodeURIComponent`: `'()*` are escaped too. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name (anything else, quotes,
 * backslashes and `%` become `_`) and the exact UTF-8 name in `filename*`. Pass a name that
 * went through `sanitizeFileName` (no control characters).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
