/** "1 result", "12 results", "1,000+ results" (the api stops counting at 1,000). */
export function resultCount(total: number, capped: boolean): string {
  const figure = String(total).replace(/\B(?=(\d{3})+$)/g, ',');
  if (capped) return `${figure}+ results`;
  return total === 1 ? '1 result' : `${figure} results`;
}
