// Made on first use, not at import: building an Intl formatter loads ICU's locale data, about
// 20 ms of the shared chunk's start-up on the bench machine, before any page shows a price.
let usd: Intl.NumberFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

/** Dollars with a `$` and 2 decimals: every price and total in the store. */
export function formatPrice(amount: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(Number(amount) || 0);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  day ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return day.format(date);
}
