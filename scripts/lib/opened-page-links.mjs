import { readFile } from 'node:fs/promises';
import path from 'node:path';

// The shell's own rule (`remoteToPreload`, shell/src/remotes/remote-routes.ts): only the
// catalog's pages are public; a signed-in page's remote is worth fetching only for a visitor the
// shell has checked, and the admin's charts never before the auth check.
const PUBLIC_REMOTES = new Set(['catalog']);
// The container entry's name in every app's build (tooling/webpack.cjs).
const REMOTE_ENTRY = 'remoteEntry.js';
// Written by the shell's build beside index.html (tooling/remote-routes-file-plugin.cjs).
const ROUTES_FILE = 'remote-routes.json';

/**
 * React Router's matching of a route table path (static segments in any case, `:param` segments,
 * trailing slashes allowed), a copy of the shell's `matchesRemotePath`, which its test holds to
 * React Router's; e2e/specs/start-chunks.spec.ts asks both the same questions.
 */
function matchesRemotePath(page, pathname) {
  const trimmed = pathname.replace(/\/+$/, '');
  if (page === '/') return pathname.startsWith('/') && trimmed === '';
  const wanted = page.split('/').slice(1);
  const given = trimmed.split('/').slice(1);
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) =>
      segment.startsWith(':')
        ? given[index] !== ''
        : segment.toLowerCase() === given[index].toLowerCase(),
    )
  );
}

/** The shell's route table as its build wrote it, or null (an older build, a remote's root). */
export async function readRemoteRoutes(root) {
  const text = await readFile(path.join(root, ROUTES_FILE), 'utf8').catch(() => null);
  try {
    const table = text ? JSON.parse(text) : null;
    const valid =
      table &&
      typeof table === 'object' &&
      Object.values(table).every((remote) => typeof remote === 'string');
    return valid ? table : null;
  } catch {
    return null;
  }
}

// How long a remote's manifest read by this server names its start-up files before it is read
// again: a remote redeployed since then costs one preload of a file the page will not ask for.
const MANIFEST_FRESH_MS = 10_000;
const MANIFEST_TIMEOUT_MS = 2_000;
/** Manifest URL -> the `routes` expose's start-up files, as last read. */
const startFilesByManifest = new Map();

/** The JS and CSS files a remote's `routes` expose loads first, by its manifest (`mf-manifest.json`). */
function exposeStartFiles(manifest, manifestUrl) {
  const routes = manifest?.exposes?.find((expose) => expose?.name === 'routes');
  const files = (kind, as) =>
    (Array.isArray(routes?.assets?.[kind]?.sync) ? routes.assets[kind].sync : [])
      .filter((file) => typeof file === 'string')
      .map((file) => ({ href: new URL(file, manifestUrl).href, as }));
  return [...files('js', 'script'), ...files('css', 'style')];
}

/**
 * The remote's start-up files as this server last read them, read again in the background once
 * stale: a document never waits for another server, and the first one after a start names the
 * manifest and entry only.
 */
function knownStartFiles(manifestUrl) {
  const known = startFilesByManifest.get(manifestUrl.href);
  if (!known || (!known.reading && Date.now() - known.at > MANIFEST_FRESH_MS)) {
    const entry = { at: Date.now(), files: known?.files ?? [], reading: true };
    startFilesByManifest.set(manifestUrl.href, entry);
    fetch(manifestUrl, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })
      .then((response) => (response.ok ? response.json() : null))
      .then((manifest) => {
        entry.files = manifest ? exposeStartFiles(manifest, manifestUrl) : [];
      })
      .catch(() => {
        entry.files = [];
      })
      .finally(() => {
        entry.reading = false;
        entry.at = Date.now();
      });
  }
  return known?.files ?? [];
}

/**
 * The `Link` header of the shell's document for `pathname`: preloads of the opened page's remote
 * (its manifest, its container entry and its `routes` files), so they download beside the shell's
 * own scripts instead of after the entry has run and fetched the runtime config
 * (docs/decisions.md, "The opened page's remote, named by the document"). Null for a page no
 * public remote serves, or a remote the runtime config does not place at an absolute http(s) URL.
 */
export function openedPageLinks({ routes, config, pathname }) {
  const remote = Object.entries(routes ?? {}).find(([page]) =>
    matchesRemotePath(page, pathname),
  )?.[1];
  if (!remote || !PUBLIC_REMOTES.has(remote)) return null;
  let manifest;
  try {
    manifest = new URL(config?.remotes?.[remote]);
  } catch {
    return null;
  }
  if (manifest.protocol !== 'http:' && manifest.protocol !== 'https:') return null;
  // The federation runtime fetches the manifest in CORS mode without credentials, and loads the
  // entry and chunks with plain script and stylesheet elements: the preloads' modes match, so
  // each file is fetched once.
  return [
    `<${manifest.href}>; rel=preload; as=fetch; crossorigin`,
    `<${new URL(REMOTE_ENTRY, manifest).href}>; rel=preload; as=script`,
    ...knownStartFiles(manifest).map(({ href, as }) => `<${href}>; rel=preload; as=${as}`),
  ].join(', ');
}
