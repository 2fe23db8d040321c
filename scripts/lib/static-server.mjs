import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { readFile } from 'node:fs/promises';
import {
  allowedOrigins,
  contentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
  usesStripe,
} from './security-headers.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('./security-headers.mjs').RuntimeConfig} RuntimeConfig */
/**
 * A document of the server's own: a page (200 when not said) or a permanent redirect.
 * @typedef {{ status?: number, html: string } | { status: 301, location: string }} DocumentAnswer
 */
/**
 * A document of the server's own for the SPA's `index.html` (`file`), or null for the file.
 * @typedef {(req: IncomingMessage, file: string) => Promise<string | DocumentAnswer | null>}
 *   RenderDocument
 */
/**
 * A file the server makes itself (robots.txt, sitemaps), answered in place of the build's.
 * @typedef {{ status: number, type: string, body: string, cacheControl: string,
 *   headers?: Record<string, string> }} MadeFile
 */
/**
 * The server's own answer for a GET or HEAD of the request's path, or null for the build's file.
 * @typedef {(req: IncomingMessage) => Promise<MadeFile | null>} MakeFile
 */

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const BUILD_WRITE_SPREAD_MS = 2_000;
/** @type {[encoding: string, suffix: string][]} */
const PRECOMPRESSED = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
// Entry points must be revalidated so a redeployed remote is picked up on the next load.
const NO_CACHE =
  /^(index\.html|remoteEntry\.js|main\.js|mf-manifest\.json|mf-stats\.json|runtime-config\.json)$/;

/** @param {string} relative the file's path in the build */
function cacheControl(relative) {
  if (NO_CACHE.test(path.basename(relative))) return 'no-cache';
  if (/\.[0-9a-f]{8}\.\w+$/.test(relative)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * The content codings a request accepts (`br;q=0` refuses br).
 * @param {string} [header] the request's Accept-Encoding
 */
function acceptedEncodings(header = '') {
  /** @type {Set<string>} */
  const accepted = new Set();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The build's compressed copy of `file` (tooling/webpack.cjs writes `.br` and `.gz` beside each
 * text asset) in the best coding the request accepts: brotli at its highest quality is smaller
 * than the gzip made per request, and costs the server no CPU per request. A copy older than its
 * file is not used.
 * @param {string} file
 * @param {Set<string>} accepted the codings the request accepts
 * @returns {Promise<{ encoding: string, file: string } | null>}
 */
async function precompressed(file, accepted) {
  let original;
  for (const [encoding, suffix] of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue;
    const info = await stat(file + suffix).catch(() => null);
    if (!info?.isFile()) continue;
    original ??= await stat(file);
    // A file rewritten after the build (a deploy-time edit) is newer than its copies; the build
    // itself writes a file and its copies in no set order, within moments of each other.
    if (info.mtimeMs >= original.mtimeMs - BUILD_WRITE_SPREAD_MS)
      return { encoding, file: file + suffix };
  }
  return null;
}

/**
 * The file a request's path names under `root`, or null (the SPA's index.html for a page's path).
 * @param {string} root
 * @param {string} urlPath
 * @param {boolean} spa
 * @returns {Promise<string | null>}
 */
async function resolveFile(root, urlPath, spa) {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const candidate = path.join(root, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
  if (!candidate.startsWith(root)) return null;
  const info = await stat(candidate).catch(() => null);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) {
    const index = path.join(candidate, 'index.html');
    if (await stat(index).catch(() => null)) return index;
  }
  return spa && !path.extname(decoded) ? path.join(root, 'index.html') : null;
}

/**
 * The api behind the shell's origin. `X-Forwarded-For` is the address this server saw, replacing
 * any the client wrote: an api that trusts its proxy (TRUST_PROXY) limits sign-ups and logins
 * per that address.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} target the api's origin
 */
function proxy(req, res, target) {
  const url = new URL(req.url ?? '/', target);
  const forwardedFor = req.socket.remoteAddress ?? '';
  const upstream = http.request(
    url,
    {
      method: req.method,
      headers: { ...req.headers, host: url.host, 'x-forwarded-for': forwardedFor },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'The store service is unavailable. Please try again.' }));
  });
  req.pipe(upstream);
}

/**
 * An answer made for this request, compressed now: by default a document, never cached by a
 * shared cache.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {Record<string, string>} headers
 * @param {Set<string>} accepted the codings the request accepts
 * @param {string} rendered
 * @param {{ status?: number, cacheControl?: string }} [options]
 */
function sendRendered(
  req,
  res,
  headers,
  accepted,
  rendered,
  { status = 200, cacheControl = 'no-cache, private' } = {},
) {
  const coding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  const body = Buffer.from(rendered);
  const encoded =
    coding === 'br'
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'gzip'
        ? zlib.gzipSync(body)
        : body;
  res.writeHead(status, {
    ...headers,
    'cache-control': cacheControl,
    ...(coding && { 'content-encoding': coding }),
  });
  res.end(req.method === 'HEAD' ? undefined : encoded);
}

/**
 * The runtime config in force: the one given, else the deployed file, else none (a remote).
 * @param {string} root
 * @param {RuntimeConfig | undefined} given
 * @returns {Promise<RuntimeConfig | null>}
 */
async function currentRuntimeConfig(root, given) {
  if (given) return given;
  const text = await readFile(path.join(root, 'runtime-config.json'), 'utf8').catch(() => null);
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * The production static server of every app (shell and remotes): caching by file kind, CORS for
 * federation, the build's brotli or gzip copies (else gzip per request), SPA fallback for the
 * shell, an /api pass-through so the shell and the api share one origin, and security headers
 * (a CSP naming the remotes' origins on documents, and Stripe's when the runtime config carries
 * a publishable key).
 * `runtimeConfig`, when given, is answered at /runtime-config.json instead of the file.
 * `renderDocument(req, file)`, when given, may answer the SPA's `index.html` with a document of
 * its own (a string, or a status with a document or a redirect), or with null for the file as
 * built. `makeFile(req)`, when given, may answer any GET or HEAD with a file it makes.
 * @param {object} options
 * @param {string} options.root the build's folder
 * @param {number} options.port 0: any free port
 * @param {string} [options.host]
 * @param {boolean} [options.spa] the shell: a page's path answers index.html
 * @param {string} [options.apiTarget] the api's origin, for /api
 * @param {RuntimeConfig} [options.runtimeConfig]
 * @param {RenderDocument} [options.renderDocument]
 * @param {MakeFile} [options.makeFile]
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({
  root,
  port,
  host = '127.0.0.1',
  spa = false,
  apiTarget,
  runtimeConfig,
  renderDocument,
  makeFile,
}) {
  const absoluteRoot = path.resolve(root);
  const spaIndex = path.join(absoluteRoot, 'index.html');
  const server = http.createServer(async (req, res) => {
    try {
      if (apiTarget && req.url?.startsWith('/api')) return proxy(req, res, apiTarget);
      res.setHeader('Access-Control-Allow-Origin', '*');
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
        res.setHeader(name, value);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
      if (runtimeConfig && (req.url ?? '').split('?')[0] === '/runtime-config.json') {
        const body = JSON.stringify(runtimeConfig);
        res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache' });
        return void res.end(req.method === 'HEAD' ? undefined : body);
      }
      const made = makeFile ? await makeFile(req) : null;
      if (made) {
        const headers = { 'content-type': made.type, vary: 'Accept-Encoding', ...made.headers };
        const accepted = acceptedEncodings(req.headers['accept-encoding']);
        const { status, cacheControl } = made;
        return sendRendered(req, res, headers, accepted, made.body, { status, cacheControl });
      }
      const file = await resolveFile(absoluteRoot, req.url ?? '/', spa);
      if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      const ext = path.extname(file);
      /** @type {Record<string, string>} */
      const headers = {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': cacheControl(path.relative(absoluteRoot, file)),
        vary: 'Accept-Encoding',
      };
      if (ext === '.html') {
        const config = await currentRuntimeConfig(absoluteRoot, runtimeConfig);
        headers['content-security-policy'] = contentSecurityPolicy(allowedOrigins(config), {
          stripe: usesStripe(config),
        });
      }
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const render = spa && file === spaIndex ? renderDocument : undefined;
      // Drawn or not depends on the session cookie: a cache must not give one to the other.
      const vary = render ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
      headers.vary = vary;
      const rendered = render ? await render(req, file) : null;
      if (typeof rendered === 'string') return sendRendered(req, res, headers, accepted, rendered);
      if (rendered && 'location' in rendered) {
        const { location } = rendered;
        res.writeHead(rendered.status, { location, 'cache-control': 'no-cache, private', vary });
        return void res.end();
      }
      if (rendered) {
        const { html, status } = rendered;
        return sendRendered(req, res, headers, accepted, html, { status });
      }
      const stored = COMPRESSIBLE.has(ext) ? await precompressed(file, accepted) : null;
      const gzip = !stored && COMPRESSIBLE.has(ext) && accepted.has('gzip');
      if (stored) headers['content-encoding'] = stored.encoding;
      else if (gzip) headers['content-encoding'] = 'gzip';
      res.writeHead(200, headers);
      if (req.method === 'HEAD') return void res.end();
      const source = createReadStream(stored?.file ?? file);
      pipeline(gzip ? [source, zlib.createGzip(), res] : [source, res], () => {});
    } catch {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Bad request');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
