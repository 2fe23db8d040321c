import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** One step of a scenario (see shell-server-harness.mjs). */
export type Step =
  | { path: string; cookie?: string; method?: 'GET' | 'HEAD' }
  | { set: Partial<FakeApi> }
  | { settle: true };

/** What the fake api holds and how it behaves. */
export interface FakeApi {
  mode: 'up' | 'down' | 'error' | 'hang';
  products: Record<string, unknown>;
  moved: Record<string, string>;
  slugs: { slug: string; updated_at: string }[];
  slugsPageSize: number;
  categories: { id: string; name: string; display_name: string; icon: string }[];
}

export interface Scenario {
  api?: Partial<FakeApi>;
  template: string;
  /** The shell's server's options: its public URL, and the sitemaps' (file size, freshness). */
  server?: { publicUrl?: string; fileUrls?: number; pageLimit?: number; freshMs?: number };
  /** Through `startAppServer`, as `npm start` and the images start it. */
  appServer?: boolean;
  /**
   * The shell's and the catalog's server renders (`buildServerRenders`): the shell's server draws
   * pages with them, the catalog's files served from an origin that is up, or down.
   */
  renders?: ServerRenders & { catalogMode?: 'up' | 'down' };
  steps: Step[];
}

export interface Served {
  responses: { status: number; headers: Record<string, string>; body: string }[];
  /** The fake api's requests, path and query, in order. */
  apiCalls: string[];
  /** What the shell's server logged. */
  logs: string[];
}

/** The shell's `index.html` as built, in short: the boot screen between the markers. */
export const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="description" content="Premium Digital Marketplace: artwork, tools and downloadable files">' +
  '<title>Digital Assets Marketplace</title></head><body><div id="root"><!--root-->' +
  '<div class="boot" data-testid="boot-screen">Loading the store...</div><!--/root--></div>' +
  '<script src="/main.js"></script></body></html>';

/** The server renders' files, as `npm run build` writes them in `dist/server/`. */
export interface ServerRenders {
  shell: string;
  catalog: string;
}

/**
 * Builds the shell's and the catalog's server renders into `folder` (build-server-renders.mjs),
 * as `npm run build` does.
 */
export function buildServerRenders(folder: string): ServerRenders {
  const script = path.join(__dirname, 'build-server-renders.mjs');
  const run = spawnSync(process.execPath, [script, folder], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return {
    shell: path.join(folder, 'shell', 'first-screen.cjs'),
    catalog: path.join(folder, 'mf-catalog', 'pages.cjs'),
  };
}

/** Runs the shell's server against a fake api (shell-server-harness.mjs) through `steps`. */
export function serve(scenario: Scenario): Served {
  const run = spawnSync(
    process.execPath,
    [path.join(__dirname, 'shell-server-harness.mjs'), JSON.stringify(scenario)],
    // The server renders `require` their packages as a build in the repository does, from its
    // node_modules, wherever the test put them.
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: path.resolve(__dirname, '../../node_modules') },
    },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Served;
}

/** A served HTML document, parsed as a browser parses it. */
export const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');
