// The store's sitemaps: `/sitemap.xml`, an index of `/sitemaps/pages.xml` (the home page, the
// categories and the store's own pages) and `/sitemaps/products-<n>.xml`, files of at most
// SITEMAP_FILE_URLS product pages, paged from the api's `GET /api/products/slugs`.
//
// Memory stays bounded however large the catalog: what is kept of a listing (a "generation",
// rebuilt every FRESH_MS) is where each product file starts (a page cursor and an offset in that
// page), its URL count and latest change, and at most CACHED_FILES drawn product files.
import { freshFor } from './first-screen.mjs';
import { productUrl } from './product-head.mjs';

/** Product URLs in one sitemap file: the protocol's own limit. */
export const SITEMAP_FILE_URLS = 50_000;
/** A listing this old is read again, while the old one is still answered. */
export const SITEMAPS_FRESH_MS = 10 * 60_000;
// A crawler waits longer than a visitor's document; a page of slugs still has to answer in this.
const PAGE_TIMEOUT_MS = 5_000;
// Drawn product files kept per generation (a full one is about 6 MB).
const CACHED_FILES = 2;
// An index lists at most 50,000 sitemaps; one of them is the pages' file.
const MAX_PRODUCT_FILES = 49_999;
/** The store's own public pages besides the home page (shell/src/app/app-routes.tsx). */
const STORE_PAGES = ['/about', '/faq', '/support', '/privacy', '/terms'];
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Where a product file starts, and what it held when the generation was read.
 * @typedef {{ cursor: string | null, skip: number, count: number, lastmod: string | null }}
 *   FileStart
 */
/**
 * @typedef {object} Generation
 * @property {FileStart[]} files
 * @property {string} pages the pages' file
 * @property {Map<number, Promise<string>>} drawn product files, least recently asked first
 */
/** @typedef {{ slugs: { slug: string, updated_at: string }[], nextCursor: string | null }} SlugsPage */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));
/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null;

/** @param {string} value text for an XML element */
export const escapeXml = (value) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * A timestamp as a sitemap's `lastmod` (W3C date and time), or null for one that is not a date.
 * @param {string} value
 */
function lastmodOf(value) {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * @param {string | null} kept
 * @param {string | null} seen
 */
const later = (kept, seen) => (kept === null || (seen !== null && seen > kept) ? seen : kept);

/**
 * @param {string} loc
 * @param {string | null} [lastmod]
 * @param {'url' | 'sitemap'} [element]
 */
const entry = (loc, lastmod = null, element = 'url') =>
  `<${element}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${element}>`;

/** @param {string[]} urls the `<url>` elements */
const urlset = (urls) => `${XML_HEAD}<urlset ${XMLNS}>\n${urls.join('\n')}\n</urlset>\n`;

/**
 * `url`'s JSON within `timeoutMs`; throws with the URL in the message.
 * @param {string} url
 * @param {number} timeoutMs
 * @returns {Promise<unknown>}
 */
async function fetchJson(url, timeoutMs) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return await response.json();
  } catch (error) {
    throw new Error(`${url.split('?')[0]}: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * @param {unknown} answer
 * @returns {answer is SlugsPage}
 */
function isSlugsPage(answer) {
  return (
    isObject(answer) &&
    (answer.nextCursor === null || typeof answer.nextCursor === 'string') &&
    Array.isArray(answer.slugs) &&
    answer.slugs.every(
      (item) =>
        isObject(item) &&
        typeof item.slug === 'string' &&
        item.slug !== '' &&
        typeof item.updated_at === 'string',
    )
  );
}

/**
 * The sitemaps of the store at `publicOrigin`, read from the api at `apiTarget`.
 * @param {object} options
 * @param {string} options.apiTarget the server's own address of the api
 * @param {string} options.publicOrigin the store's address as shoppers open it
 * @param {number} [options.fileUrls] product URLs per file (tests split with a small one)
 * @param {number} [options.pageLimit] slugs asked per page (default: the api's, 1000)
 * @param {number} [options.freshMs]
 */
export function createSitemaps({
  apiTarget,
  publicOrigin,
  fileUrls = SITEMAP_FILE_URLS,
  pageLimit,
  freshMs = SITEMAPS_FRESH_MS,
}) {
  /**
   * @param {string | null} cursor
   * @returns {Promise<SlugsPage>}
   */
  async function slugsPage(cursor) {
    const query = new URLSearchParams();
    if (cursor !== null) query.set('cursor', cursor);
    if (pageLimit !== undefined) query.set('limit', String(pageLimit));
    const url = `${apiTarget}/api/products/slugs${query.size ? `?${query}` : ''}`;
    const answer = await fetchJson(url, PAGE_TIMEOUT_MS);
    if (!isSlugsPage(answer)) throw new Error(`${url.split('?')[0]}: breaks its contract`);
    return answer;
  }

  /** @returns {Promise<string>} */
  async function pagesFile() {
    const url = `${apiTarget}/api/dropdown/categories`;
    const answer = await fetchJson(url, PAGE_TIMEOUT_MS);
    const categories = isObject(answer) && Array.isArray(answer.data) ? answer.data : null;
    const names = categories?.map((category) => (isObject(category) ? category.name : null));
    if (!names?.every((name) => typeof name === 'string'))
      throw new Error(`${url}: breaks its contract`);
    return urlset([
      entry(`${publicOrigin}/`),
      ...names.map((name) => entry(`${publicOrigin}/category/${encodeURIComponent(name)}`)),
      ...STORE_PAGES.map((page) => entry(`${publicOrigin}${page}`)),
    ]);
  }

  /** @returns {Promise<FileStart[]>} */
  async function productFiles() {
    /** @type {FileStart[]} */
    const files = [];
    /** @type {FileStart | null} */
    let current = null;
    /** @type {string | null} */
    let cursor = null;
    for (;;) {
      const page = await slugsPage(cursor);
      for (const [index, { updated_at }] of page.slugs.entries()) {
        if (!current || current.count === fileUrls) {
          if (files.length === MAX_PRODUCT_FILES) return files;
          current = { cursor, skip: index, count: 0, lastmod: null };
          files.push(current);
        }
        current.count += 1;
        current.lastmod = later(current.lastmod, lastmodOf(updated_at));
      }
      if (page.nextCursor === null) return files;
      // A list that would never end: an empty page that goes on, or the same page again.
      if (!page.slugs.length || page.nextCursor === cursor)
        throw new Error(`${apiTarget}/api/products/slugs: pages without end`);
      cursor = page.nextCursor;
    }
  }

  const generation = freshFor(async () => {
    // Both read at once; of two failures, the same one is reported every time.
    const [pages, files] = await Promise.allSettled([pagesFile(), productFiles()]);
    if (pages.status === 'rejected') throw pages.reason;
    if (files.status === 'rejected') throw files.reason;
    /** @type {Generation} */
    const read = { files: files.value, pages: pages.value, drawn: new Map() };
    return read;
  }, freshMs);

  /**
   * The product file that starts at `start`: up to `fileUrls` URLs from there (a product added
   * or removed since the generation was read shifts it by that much until the next one).
   * @param {FileStart} start
   */
  async function drawProducts(start) {
    /** @type {string[]} */
    const urls = [];
    let { cursor, skip } = start;
    while (urls.length < fileUrls) {
      const page = await slugsPage(cursor);
      for (const { slug, updated_at } of page.slugs.slice(skip, skip + fileUrls - urls.length))
        urls.push(entry(productUrl(publicOrigin, slug), lastmodOf(updated_at)));
      if (page.nextCursor === null || page.nextCursor === cursor) break;
      cursor = page.nextCursor;
      skip = 0;
    }
    return urlset(urls);
  }

  return {
    /** The sitemap index. */
    async index() {
      const { files } = await generation();
      const sitemaps = [
        entry(`${publicOrigin}/sitemaps/pages.xml`, null, 'sitemap'),
        ...files.map((file, index) =>
          entry(`${publicOrigin}/sitemaps/products-${index + 1}.xml`, file.lastmod, 'sitemap'),
        ),
      ];
      return `${XML_HEAD}<sitemapindex ${XMLNS}>\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
    },
    /** The home page's, the categories' and the store's own pages' file. */
    async pages() {
      return (await generation()).pages;
    },
    /**
     * Product file `n` (from 1), or null when the index lists no such file.
     * @param {number} n
     * @returns {Promise<string | null>}
     */
    async products(n) {
      const { files, drawn } = await generation();
      const start = files[n - 1];
      if (!start) return null;
      const kept = drawn.get(n);
      drawn.delete(n);
      const file = kept ?? drawProducts(start);
      drawn.set(n, file);
      if (drawn.size > CACHED_FILES) drawn.delete(drawn.keys().next().value ?? n);
      // A file that failed is asked for again by the next request, not kept failed.
      file.catch(() => drawn.get(n) === file && drawn.delete(n));
      return file;
    },
  };
}
