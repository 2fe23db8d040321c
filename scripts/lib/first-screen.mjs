// The home page's first screen in the document
// (docs/decisions/0059-first-screen-in-the-document.md): the shell's server renders the shell and
// the catalog's home page, with the api's
// categories, into `#root`, so the browser paints the first category card from the HTML instead
// of after the shell, the remote and the api call have run; the client hydrates it. A product
// page gets its head (scripts/lib/product-document.mjs) and its content, drawn the same way from
// the one by-slug answer its head is read from, within the same time.
import { readFile, stat } from 'node:fs/promises';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { createProductDocuments, productSlugOf } from './product-document.mjs';

// Answers this old are reused; the api caches the same list for longer.
const FRESH_MS = 5_000;
// A document waits no longer than this for an input: past it, the boot screen is sent.
const INPUT_TIMEOUT_MS = 1_000;
const ROOT_REGION = /<!--root-->[\s\S]*<!--\/root-->/;

/** @typedef {import('./security-headers.mjs').RuntimeConfig} RuntimeConfig */
/**
 * What the shell's server render (`server/first-screen.cjs`, built from
 * shell/src/first-screen/render.tsx) exports.
 * @typedef {object} ShellRender
 * @property {string} FIRST_SCREEN_REMOTE the runtime config's key of the remote it draws
 * @property {Record<string, unknown>} sharedModules what the remote's render takes from the
 *   shell's, by request
 * @property {(input: { url: string, categories: unknown, product?: unknown, remote: unknown }) =>
 *   { root: string, stateScript: string } | null} renderFirstScreen
 */
/**
 * The part of a remote's `mf-manifest.json` read here: JSON from another server, each field
 * possibly missing.
 * @typedef {object} RemoteManifest
 * @property {{ remoteEntry?: { name?: unknown, path?: string } }} [metaData]
 * @property {{ name?: string, assets?: { css?: ChunkFiles, js?: ChunkFiles } }[]} [exposes]
 */
/** @typedef {{ sync?: string[], async?: string[] }} ChunkFiles an expose's files, by when they load */
/** @typedef {{ href: string, file: string }} Stylesheet a remote's stylesheet, by URL and file */
/** @typedef {{ manifest: string, scripts: string[] }} Preloads */
/**
 * What a page's render takes besides the inputs every document shares: on a product's page, the
 * api's by-slug answer (unchecked; the shell's render checks it).
 * @typedef {{ product?: unknown }} PageInput
 */
/**
 * Resolves to the document's parts for `url`, or to null when any input cannot be had in time;
 * `warm()` starts loading the inputs every document shares, for a document that reads its own
 * first (a product's page).
 * @typedef {((url: string, page?: PageInput) => Promise<FirstScreenParts | null>)
 *   & { warm: () => void }} FirstScreenRender
 */
/**
 * What the document gets besides the shell's `index.html`.
 * @typedef {object} FirstScreenParts
 * @property {string} root the render, for `#root`
 * @property {string} stateScript the script with the state it was drawn from
 * @property {Stylesheet[]} styles
 * @property {Preloads} preloads
 */

/**
 * The lazily loaded chunk (its `webpackChunkName`) of each drawn page that has one: the document
 * links its stylesheet and preloads its script, or the drawn page would be unstyled, and move,
 * until the chunk came.
 */
const PAGE_CHUNKS = { product: 'product-page' };

/**
 * The files of a named chunk among an expose's lazily loaded ones.
 * @param {ChunkFiles | undefined} files
 * @param {string} chunk
 */
const chunkFiles = (files, chunk) =>
  (files?.async ?? []).filter((file) => path.posix.basename(file).startsWith(`${chunk}.`));

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * No session: a session's navbar and cart are the client's.
 * @param {import('node:http').IncomingMessage} req
 */
function isVisitor(req) {
  const cookies = (req.headers.cookie ?? '').split(';').map((part) => part.trim());
  return !cookies.includes('isLoggedIn=true');
}

/**
 * Only the home page, and only for a visitor.
 * @param {import('node:http').IncomingMessage} req
 */
export function wantsFirstScreen(req) {
  if (req.method !== 'GET') return false;
  const pathname = (req.url ?? '/').split('?')[0];
  return pathname === '/' && isVisitor(req);
}

/**
 * The slug of a product page a visitor asks for (its head is drawn), else null.
 * @param {import('node:http').IncomingMessage} req
 */
export function productPageOf(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  return isVisitor(req) ? productSlugOf(pathname) : null;
}

/**
 * @overload
 * @param {string} url
 * @param {'json'} as
 * @param {number} timeoutMs
 * @returns {Promise<unknown>}
 */
/**
 * @overload
 * @param {string} url
 * @param {'text'} as
 * @param {number} timeoutMs
 * @returns {Promise<string>}
 */
/**
 * `url`'s answer as JSON or text, within `timeoutMs`; throws with the URL in the message.
 * @param {string} url
 * @param {'json' | 'text'} as
 * @param {number} timeoutMs
 * @returns {Promise<unknown>}
 */
async function fetchWithin(url, as, timeoutMs) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return await (as === 'json' ? response.json() : response.text());
  } catch (error) {
    // The log line names the input, not only "aborted due to timeout".
    throw new Error(`${url}: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * `load()`'s last answer: reused while `freshMs` old, then still answered while a new load runs
 * (a document never waits for a refresh), and dropped when that load fails, so an input that
 * went away stops being used on the next document.
 * @template T
 * @param {() => Promise<T>} load
 * @param {number} [freshMs]
 * @returns {() => Promise<T>}
 */
export function freshFor(load, freshMs = FRESH_MS) {
  /** @type {{ at: number, value: T } | null} */
  let kept = null;
  /** @type {Promise<T> | null} */
  let pending = null;
  return () => {
    if (kept && Date.now() - kept.at <= freshMs) return Promise.resolve(kept.value);
    pending ??= load()
      .then((value) => {
        kept = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        pending = null;
      });
    if (!kept) return pending;
    pending.catch(() => {
      kept = null;
    });
    return Promise.resolve(kept.value);
  };
}

/**
 * Runs a remote's server render (CommonJS text) with the modules the shell shares with it, the
 * way the browser's federation runtime runs its browser build on the shell's shared packages.
 * Other packages resolve from the shell's render, never from the remote's origin.
 * @param {string} code
 * @param {string} url where the code came from (its file name in stack traces)
 * @param {Record<string, unknown>} shared
 * @param {NodeJS.Require} shellRequire
 * @returns {unknown} the module's exports
 */
function evaluateRemote(code, url, shared, shellRequire) {
  /**
   * CommonJS's module function (`Module.wrap`).
   * @type {(this: unknown, exports: unknown, require: (id: string) => unknown,
   *   module: { exports: unknown }, filename: string, dirname: string) => void}
   */
  const wrapper = vm.runInThisContext(Module.wrap(code), { filename: url });
  /** @type {{ exports: unknown }} */
  const module = { exports: {} };
  /** @param {string} id */
  const require = (id) => {
    if (Object.hasOwn(shared, id)) return shared[id];
    if (id.startsWith('.') || path.isAbsolute(id)) throw new Error(`${url} asked for ${id}`);
    return shellRequire(id);
  };
  wrapper.call(module.exports, module.exports, require, module, url, '/');
  return module.exports;
}

/**
 * The first screen of the shell at `shellRoot` (its build, with `server/first-screen.cjs`), with
 * the remote's server render and stylesheets, and the categories from the api at `apiTarget`.
 * The remote's files are fetched from `renderManifestUrl`'s folder when given (an address only
 * the server uses: in a composition of images the browser's `localhost:3001` is the shell's own
 * container), else from the runtime config's address; the document always names the runtime
 * config's, the browser's. Render code runs only from one of those two, the server's own
 * settings. `render(url, page)` resolves to the document's parts, or to null when any of them
 * cannot be had in time: the document then keeps its boot screen, as before, so a remote or an
 * api that is down never holds the store's document. `inputTimeoutMs` is "in time" (a second).
 * @param {{ shellRoot: string, apiTarget: string, runtimeConfig?: RuntimeConfig,
 *   renderManifestUrl?: string, log?: (line: string) => unknown,
 *   inputTimeoutMs?: number }} options
 * @returns {FirstScreenRender}
 */
export function createFirstScreen({
  shellRoot,
  apiTarget,
  runtimeConfig,
  renderManifestUrl,
  log = console.error,
  inputTimeoutMs = INPUT_TIMEOUT_MS,
}) {
  const shellFile = path.join(shellRoot, 'server', 'first-screen.cjs');
  const shellRequire = createRequire(shellFile);
  /** @type {{ mtimeMs: number, module: ShellRender } | null} */
  let shell = null;
  /** @type {{ code: string, exports: unknown } | null} */
  let evaluated = null;

  // A redeployed shell is picked up by its render's date, as its files are.
  // A build without one (an older shell) is not an error: its documents keep the boot screen.
  /** @returns {Promise<ShellRender | null>} */
  async function shellRender() {
    const info = await stat(shellFile).catch(() => null);
    if (!info) return null;
    if (shell?.mtimeMs !== info.mtimeMs) {
      delete shellRequire.cache[shellRequire.resolve(shellFile)];
      shell = { mtimeMs: info.mtimeMs, module: shellRequire(shellFile) };
    }
    return shell.module;
  }

  /** @returns {Promise<RuntimeConfig>} */
  async function config() {
    if (runtimeConfig) return runtimeConfig;
    return JSON.parse(await readFile(path.join(shellRoot, 'runtime-config.json'), 'utf8'));
  }

  const remote = freshFor(async () => {
    const [module, { remotes }] = await Promise.all([shellRender(), config()]);
    if (!module) throw new Error('The shell has no server render');
    const manifestUrl = remotes?.[module.FIRST_SCREEN_REMOTE];
    if (typeof manifestUrl !== 'string') throw new Error('No remote for the first screen');
    const sourceUrl = renderManifestUrl ?? manifestUrl;
    const manifest = /** @type {RemoteManifest} */ (
      await fetchWithin(sourceUrl, 'json', inputTimeoutMs)
    );
    const base = new URL('.', manifestUrl);
    const source = new URL('.', sourceUrl);
    const routes = manifest.exposes?.find((expose) => expose.name === 'routes');
    /** @param {string} file */
    const stylesheet = (file) => ({ href: new URL(file, base).href, file });
    const styles = (routes?.assets?.css?.sync ?? []).map(stylesheet);
    const productChunk = {
      styles: chunkFiles(routes?.assets?.css, PAGE_CHUNKS.product).map(stylesheet),
      scripts: chunkFiles(routes?.assets?.js, PAGE_CHUNKS.product).map(
        (file) => new URL(file, base).href,
      ),
    };
    // What the client's federation runtime asks for before it can hydrate: its manifest, its
    // entry, the page's chunks. The document has them fetched as it is parsed, not once the
    // shell's scripts have run (docs/decisions/0061-first-screen-preloads-remote-code.md).
    const entry = manifest.metaData?.remoteEntry;
    const preloads = {
      manifest: manifestUrl,
      scripts: [
        ...(typeof entry?.name === 'string'
          ? [new URL(`${entry.path ?? ''}${entry.name}`, base)]
          : []),
        ...(routes?.assets?.js?.sync ?? []).map((file) => new URL(file, base)),
      ].map((url) => url.href),
    };
    const serverUrl = new URL('server/pages.cjs', source).href;
    // The document links the remote's stylesheets render-blocking, so a stylesheet its origin
    // does not answer would hold the whole page's first paint: such a remote is not drawn.
    const [code] = await Promise.all([
      fetchWithin(serverUrl, 'text', inputTimeoutMs),
      ...[...styles, ...productChunk.styles].map(({ file }) =>
        fetchWithin(new URL(file, source).href, 'text', inputTimeoutMs),
      ),
    ]);
    // The same file as last time is the same module: its components keep their identity.
    if (code !== evaluated?.code) {
      evaluated = {
        code,
        exports: evaluateRemote(code, serverUrl, module.sharedModules, shellRequire),
      };
    }
    return { exports: evaluated.exports, styles, preloads, productChunk };
  });

  // The server's own address of the api, never the browser's (`apiBaseUrl` may name another host).
  const categories = freshFor(() =>
    fetchWithin(`${apiTarget}/api/dropdown/categories`, 'json', inputTimeoutMs),
  );

  // One line per cause, not per document: a remote that is down would fill the log.
  /** @type {string | null} */
  let lastProblem = null;
  /** @type {(url: string, page?: PageInput) => Promise<FirstScreenParts | null>} */
  const render = async (url, { product } = {}) => {
    try {
      const module = await shellRender();
      if (!module) return null;
      const [loaded, answer] = await Promise.all([remote(), categories()]);
      const rendered = module.renderFirstScreen({
        url,
        categories: answer,
        ...(product === undefined ? {} : { product }),
        remote: loaded.exports,
      });
      if (!rendered)
        throw new Error("the api's answers or the remote's pages break their contract");
      lastProblem = null;
      if (product === undefined) {
        return { ...rendered, styles: loaded.styles, preloads: loaded.preloads };
      }
      const { preloads, productChunk } = loaded;
      return {
        ...rendered,
        styles: [...loaded.styles, ...productChunk.styles],
        preloads: { ...preloads, scripts: [...preloads.scripts, ...productChunk.scripts] },
      };
    } catch (error) {
      const problem = messageOf(error);
      if (problem !== lastProblem) log(`First screen not rendered: ${problem}`);
      lastProblem = problem;
      return null;
    }
  };
  // A failure here is the document's render's to log, when it asks for the same input.
  const warm = () => void Promise.all([remote(), categories()]).catch(() => {});
  return Object.assign(render, { warm });
}

/** @param {string} value */
const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The shell's `index.html` with the render in `#root` (in place of the boot screen), the page's
 * stylesheets in the head, where the remote's loader finds them (by `data-href`) instead of adding
 * them again, the remote's manifest and scripts preloaded as its runtime will ask for them (a
 * manifest by `fetch`, scripts by `<script>` without `crossorigin`), and the state script before
 * `</body>`. A document without the boot screen's markers is returned as it is.
 * @param {string} template the shell's `index.html`
 * @param {FirstScreenParts} parts
 */
export function withFirstScreen(template, { root, stateScript, styles, preloads }) {
  if (!ROOT_REGION.test(template)) return template;
  const links = [
    `<link rel="preload" href="${escapeAttribute(preloads.manifest)}" as="fetch" crossorigin="anonymous">`,
    ...preloads.scripts.map(
      (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="script">`,
    ),
    ...styles.map(
      ({ href, file }) =>
        `<link rel="stylesheet" href="${escapeAttribute(href)}" data-href="${escapeAttribute(file)}">`,
    ),
  ].join('');
  return template
    .replace(ROOT_REGION, () => root)
    .replace('</head>', () => `${links}</head>`)
    .replace('</body>', () => `${stateScript}</body>`);
}

/**
 * The static server's `renderDocument` for the shell (scripts/lib/static-server.mjs): the home
 * page's first screen, and a product page's head (scripts/lib/product-document.mjs) and first
 * screen, both from the one by-slug answer, read within the same time as the home page's inputs.
 * @param {Parameters<typeof createFirstScreen>[0] & { publicOrigin: string }} options
 *   `publicOrigin`: the store's address as shoppers open it (`APP_URL`), of canonical URLs
 * @returns {import('./static-server.mjs').RenderDocument}
 */
export function firstScreenDocuments(options) {
  const render = createFirstScreen(options);
  const productDocument = createProductDocuments({
    apiTarget: options.apiTarget,
    publicOrigin: options.publicOrigin,
    timeoutMs: options.inputTimeoutMs ?? INPUT_TIMEOUT_MS,
    log: options.log,
  });
  return async (req, file) => {
    const slug = productPageOf(req);
    if (slug !== null) {
      const url = req.url ?? '/';
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      // The frame's inputs are asked for beside the product, not once it has answered.
      render.warm();
      return productDocument(slug, search, async (product) => {
        const template = await readFile(file, 'utf8');
        // Without the page's content (the remote or the categories did not answer), the head
        // still is the product's: the document keeps its boot screen, as for a session.
        const parts = product === undefined ? null : await render(url, { product });
        return parts ? withFirstScreen(template, parts) : template;
      });
    }
    if (!wantsFirstScreen(req)) return null;
    const parts = await render(req.url ?? '/');
    return parts && withFirstScreen(await readFile(file, 'utf8'), parts);
  };
}
