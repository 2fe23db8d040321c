// Plain strings and functions, no zod: the apps import this module's values (the rest of the
// contract reaches them as types only).

export const CATEGORIES_PATH = '/dropdown/categories';
export const FEATURED_PRODUCTS_PATH = '/products/featured';

/** A category's products, its first page in the default order (the bare URL the api caches). */
export const categoryProductsPath = (slug: string) =>
  `/products/category/${encodeURIComponent(slug)}`;

/** A product's page, alike for every viewer (an old slug answers 301 to the current one). */
export const productBySlugPath = (slug: string) => `/products/by-slug/${encodeURIComponent(slug)}`;

const BY_SLUG_PATH = /^\/products\/by-slug\/[^/?]+$/;

/** Whether `path` is a product page's read (`productBySlugPath`), of any slug. */
export const isProductBySlugPath = (path: string) => BY_SLUG_PATH.test(path);

/** A path's segment as the router gives it to the page, or null when it does not decode. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The public GETs the first render of the page at `pathname` makes: the shell starts them with
 * the runtime config, beside the apps' code, and the page's own request is answered by them.
 * The catalog builds the same requests with the same functions, so the two cannot drift.
 */
export function firstReadsOf(pathname: string, search: string): string[] {
  if (/^\/*$/.test(pathname)) return [CATEGORIES_PATH, FEATURED_PRODUCTS_PATH];
  const product = /^\/product\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (product) {
    const slug = decoded(product);
    return slug === null ? [] : [productBySlugPath(slug)];
  }
  const category = /^\/category\/([^/]+)\/?$/i.exec(pathname)?.[1];
  // A sorted or later page asks for another URL; only the default first page is worth guessing.
  if (!category || /[?&]sort(=|&|$)/.test(search)) return [];
  const slug = decoded(category);
  return slug === null ? [] : [categoryProductsPath(slug)];
}
