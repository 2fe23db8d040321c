/** Dollars as the api answers them, from the integer cents the database keeps. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
