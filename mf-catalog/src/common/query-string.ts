/** `?a=1&b=2` of the parameters that have a value (none: ''), in the order given. */
export function queryString(params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
