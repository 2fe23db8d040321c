import { JwtKeys, type TokenKeySettings } from '../accounts/jwt-keys.ts';

/**
 * What a signed download link carries: the download, its product, the file and the expiry.
 * One-letter claims keep the link short; the token is the credential of a cookie-less link.
 */
export interface DownloadClaims {
  /** The `downloads` row. */
  d: string;
  /** Product id. */
  p: string;
  /** Storage key of the file. */
  k: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export type DownloadCheck =
  { ok: true; claims: DownloadClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function downloadTokenKeys(settings: TokenKeySettings): JwtKeys {
  return new JwtKeys(settings, 'download');
}

export function signDownloadToken(keys: JwtKeys, claims: DownloadClaims): Promise<string> {
  return keys.sign({ d: claims.d, p: claims.p, k: claims.k, exp: claims.exp });
}

export async function verifyDownloadToken(
  keys: JwtKeys,
  token: string,
  nowMs = Date.now(),
): Promise<DownloadCheck> {
  const check = await keys.check(token, new Date(nowMs));
  if (!check.ok) return { ok: false, reason: check.expired ? 'expired' : 'invalid' };
  const { d, p, k, exp } = check.payload;
  if (
    typeof d !== 'string' ||
    typeof p !== 'string' ||
    typeof k !== 'string' ||
    typeof exp !== 'number'
  ) {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, claims: { d, p, k, exp } };
}
