/** Spec section 9: the short order id is the last 8 characters. */
export function shortId(id: string): string {
  return id.slice(-8);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
