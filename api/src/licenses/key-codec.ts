import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a key read aloud or retyped survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_BYTES = 20;
const GROUP = 8;
const CHARACTERS = (KEY_BYTES * 8) / 5;

/** A new key: 160 random bits, four groups of eight, e.g. `7K2M9Q4D-1X8B3F6H-0V5N2C9R-4T7W1Y3Z`. */
export function newLicenseKey(): string {
  const bytes = randomBytes(KEY_BYTES);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return grouped(text);
}

const GROUPS = new RegExp(`.{${GROUP}}`, 'g');

function grouped(text: string): string {
  return text.match(GROUPS)!.join('-');
}

/**
 * A key as typed, in its one stored form: any case, without spaces or dashes, and with the
 * letters Crockford reads as digits (O as 0, I and L as 1). Null when it cannot be a key; the
 * caller still looks it up (hashed as typed), so a malformed key costs what an unknown one does.
 */
export function canonicalKey(typed: string): string | null {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (text.length !== CHARACTERS) return null;
  for (const character of text) if (!ALPHABET.includes(character)) return null;
  return grouped(text);
}

/** The part of a key the admin sees: its last group. */
export function keyHint(key: string): string {
  return key.slice(-GROUP);
}

/** All but the last group hidden. */
export function maskedKey(hint: string): string {
  return `${'XXXXXXXX-'.repeat(3)}${hint}`;
}
