// Plain strings and functions, no zod: the apps import this module's values (the rest of the
// contract reaches them as types only).

export const CATEGORIES_PATH = '/dropdown/categories';
export const FEATURED_PRODUCTS_PATH = '/products/featured';

/** A category's products, its first page in the default order (the bare URL the api caches). */
export const categoryProductsPath = (slug: string) =>
  `/products/category/${encodeURIComponent(slug)}`;

/**
 * The public GETs the first render of the page at `pathname` makes: the shell starts them with
 * the runtime config, beside the apps' code, and the page's own request is answered by them.
 * The catalog builds the same requests with the same functions, so the two cannot drift.
 */
export function firstReadsOf(pathname: string, search: string): string[] {
  if (/^\/*$/.test(pathname)) return [CATEGORIES_PATH, FEATURED_PRODUCTS_PATH];
  const category = /^\/category\/([^/]+)\/?$/i.exec(pathname)?.[1];
  // A sorted or later page asks for another URL; only the default first page is worth guessing.
  if (!category || /[?&]sort(=|&|$)/.test(search)) return [];
  try {
    return [categoryProductsPath(decodeURIComponent(category))];
  } catch {
    return [];
  }
}
