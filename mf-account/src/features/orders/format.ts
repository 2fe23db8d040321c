export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The badge capitalises the status as the api spells it; words read better than `a_b`. */
export function statusWords(status: string): string {
  return status.replace(/_/g, ' ');
}

/** What of a line was refunded: null for none, 'Refunded' for every unit. */
export function refundedText(quantity: number, refunded: number): string | null {
  if (refunded <= 0) return null;
  return refunded >= quantity ? 'Refunded' : `${refunded} of ${quantity} refunded`;
}
