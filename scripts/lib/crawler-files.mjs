// The files the shell's server makes for crawlers: `/robots.txt` and the sitemaps
// (scripts/lib/sitemaps.mjs), answered in place of the build's files.
import { robotsTxt } from './robots.mjs';
import { createSitemaps } from './sitemaps.mjs';

/** @typedef {import('./static-server.mjs').MadeFile} MadeFile */

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
// Short: a sitemap is read again within the time the server's own listing stays fresh.
const SITEMAP_CACHE = 'public, max-age=300';
const PRODUCT_FILE = /^\/sitemaps\/products-([1-9]\d{0,5})\.xml$/;

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * The static server's `makeFile` for the shell (scripts/lib/static-server.mjs).
 * @param {Parameters<typeof createSitemaps>[0] & { log?: (line: string) => unknown }} options
 * @returns {import('./static-server.mjs').MakeFile}
 */
export function crawlerFiles({ log = console.error, ...options }) {
  const sitemaps = createSitemaps(options);
  // One line per cause, not per request: an api that is down would fill the log.
  /** @type {string | null} */
  let lastProblem = null;

  /**
   * @param {() => Promise<string | null>} draw
   * @returns {Promise<MadeFile>}
   */
  async function xml(draw) {
    try {
      const body = await draw();
      lastProblem = null;
      if (body === null)
        return { status: 404, type: TEXT, body: 'Not found', cacheControl: 'no-cache' };
      return { status: 200, type: XML, body, cacheControl: SITEMAP_CACHE };
    } catch (error) {
      const problem = messageOf(error);
      if (problem !== lastProblem) log(`Sitemap not drawn: ${problem}`);
      lastProblem = problem;
      return {
        status: 503,
        type: TEXT,
        body: 'The sitemap is unavailable. Please try again later.',
        cacheControl: 'no-store',
        headers: { 'retry-after': '60' },
      };
    }
  }

  return async (req) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/robots.txt')
      return {
        status: 200,
        type: TEXT,
        body: robotsTxt(options.publicOrigin),
        cacheControl: 'public, max-age=3600',
      };
    if (pathname === '/sitemap.xml') return xml(() => sitemaps.index());
    if (pathname === '/sitemaps/pages.xml') return xml(() => sitemaps.pages());
    const n = PRODUCT_FILE.exec(pathname ?? '')?.[1];
    return n === undefined ? null : xml(() => sitemaps.products(Number(n)));
  };
}
