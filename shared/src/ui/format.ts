// Made on first use, not at import: building an Intl formatter loads ICU's locale data, about
// 20 ms of the shared chunk's start-up on the bench machine.
let usd: Intl.NumberFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

// Below this, dollars * 100 + cents is an exact integer in a double.
const EXACT_DOLLARS = 1e13;

/**
 * Dollars with a `$` and 2 decimals: every price and total in the store. The digits are written
 * out here, not by Intl.NumberFormat: a page's first Intl number formatter loads ICU's locale
 * data, about 35 ms of main thread (140 ms at the bench's 4x CPU slowdown) on the path to the
 * first product card. The output is Intl's en-US USD format to the character (format.test.ts
 * compares them over half a million amounts); amounts past EXACT_DOLLARS still go through Intl.
 */
export function formatPrice(amount: number): string {
  const value = Number(amount) || 0;
  const magnitude = Math.abs(value);
  // Shortest round-trip digits, then half away from zero on them, as ICU rounds (1.005 -> 1.01).
  const digits = String(magnitude);
  if (magnitude >= EXACT_DOLLARS || digits.includes('e')) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(value);
  }
  const [whole = '0', fraction = ''] = digits.split('.');
  const roundsUp = (fraction[2] ?? '0') >= '5';
  const cents =
    Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) + Number(roundsUp);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = String(cents % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}$${dollars}.${rest}`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  day ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return day.format(date);
}

/** An order is named by the last 8 characters of its id. */
export function shortOrderId(id: string): string {
  return id.slice(-8);
}
