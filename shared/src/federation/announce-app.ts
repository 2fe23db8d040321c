/**
 * Marks which version of each app is running (`<html data-mf-catalog-version="0.1.0">`) and
 * logs it once, so support can tell which deploy a shopper saw.
 */
export function announceApp(name: string, version: string): void {
  if (typeof document === 'undefined') return;
  const key = `${name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Version`;
  if (document.documentElement.dataset[key] === version) return;
  document.documentElement.dataset[key] = version;
  console.info(`${name} ${version}`);
}
