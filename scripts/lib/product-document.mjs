// A visitor's `/product/:slug` document: the shell's `index.html` with the product's head
// (scripts/lib/product-head.mjs) and, drawn from the same answer, its content
// (scripts/lib/first-screen.mjs), a 301 to the current slug for an old one, a 404 with `noindex`
// for a product the api does not know; the document as built when the api cannot answer in time.
import {
  productHeadInput,
  productHeadTags,
  storeNameOf,
  withHeadTags,
  withNoindex,
} from './product-head.mjs';

/** @typedef {import('./static-server.mjs').DocumentAnswer} DocumentAnswer */
/**
 * What the api said of a slug.
 * @typedef {{ kind: 'found', answer: unknown } | { kind: 'moved', slug: string }
 *   | { kind: 'missing' }} ProductRead
 */

const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
const API_PRODUCT_PATH = /^\/api\/products\/by-slug\/([^/]+)$/;

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** @param {string} segment @returns {string | null} */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The slug a page's path names, or null when it is not a product page's.
 * @param {string} pathname
 */
export function productSlugOf(pathname) {
  const segment = PRODUCT_PATH.exec(pathname)?.[1];
  return segment === undefined ? null : decoded(segment);
}

/**
 * The api's answer for `slug`, within `timeoutMs`; throws, naming the api's route, when
 * the api cannot say (down, slow, a 5xx, a redirect elsewhere).
 * @param {string} apiTarget
 * @param {string} slug
 * @param {number} timeoutMs
 * @returns {Promise<ProductRead>}
 */
export async function readProduct(apiTarget, slug, timeoutMs) {
  const url = `${apiTarget}/api/products/by-slug/${encodeURIComponent(slug)}`;
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 301 || response.status === 308) {
      await response.body?.cancel();
      const location = response.headers.get('location') ?? '';
      const segment = API_PRODUCT_PATH.exec(new URL(location, url).pathname)?.[1];
      const current = segment === undefined ? null : decoded(segment);
      if (current === null || current === slug)
        throw new Error(`redirected to ${JSON.stringify(location)}`);
      return { kind: 'moved', slug: current };
    }
    // A slug the api refuses (400: too long) can never be a product's either.
    if (response.status === 404 || response.status === 410 || response.status === 400) {
      await response.body?.cancel();
      return { kind: 'missing' };
    }
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return { kind: 'found', answer: await response.json() };
  } catch (error) {
    // The log line names the input, not only "aborted due to timeout"; not the slug, so that an
    // api that is down is one line however many products are asked for.
    throw new Error(`${apiTarget}/api/products/by-slug: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * The product pages' documents, from the api at `apiTarget` (the server's own address of it).
 * The api is read once a document: `template(answer)` is the document the product's head goes
 * into, given the api's answer to draw the page's content from (`template()`: an unknown
 * product's).
 * @param {{ apiTarget: string, publicOrigin: string, timeoutMs: number,
 *   log?: (line: string) => unknown }} options
 * @returns {(slug: string, search: string, template: (answer?: unknown) => Promise<string>) =>
 *   Promise<DocumentAnswer | null>} null: the document as built
 */
export function createProductDocuments({
  apiTarget,
  publicOrigin,
  timeoutMs,
  log = console.error,
}) {
  // One line per cause, not per document: an api that is down would fill the log.
  /** @type {string | null} */
  let lastProblem = null;
  return async (slug, search, template) => {
    try {
      const read = await readProduct(apiTarget, slug, timeoutMs);
      lastProblem = null;
      if (read.kind === 'moved')
        return { status: 301, location: `/product/${encodeURIComponent(read.slug)}${search}` };
      if (read.kind === 'missing') return { status: 404, html: withNoindex(await template()) };
      const product = productHeadInput(read.answer);
      if (!product) throw new Error("the api's by-slug answer breaks its contract");
      const html = await template(read.answer);
      const tags = productHeadTags(product, { origin: publicOrigin, storeName: storeNameOf(html) });
      return { status: 200, html: withHeadTags(html, tags) };
    } catch (error) {
      const problem = messageOf(error);
      if (problem !== lastProblem) log(`Product page not drawn: ${problem}`);
      lastProblem = problem;
      return null;
    }
  };
}
