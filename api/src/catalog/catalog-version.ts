/**
 * The version every public catalog body belongs to: the product service bumps it on every
 * change and the public catalog's caches serve only bodies of the current one. Its own module,
 * so the writer and the readers of the catalog need not import each other.
 */
export const CATALOG_CACHE = 'catalog';
