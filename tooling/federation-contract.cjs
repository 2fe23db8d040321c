const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');
const { apps } = require('./apps.cjs');
const { singletonRanges } = require('./shared-singletons.cjs');

/**
 * The part of an app's package.json the contract reads.
 * @typedef {{ dependencies?: Record<string, string>, peerDependencies?: Record<string, string> }} PackageManifest
 */

const ROOT = path.resolve(__dirname, '..');
/** @type {Record<string, string>} The shell's name of each remote, and the remote's folder. */
const REMOTE_APP = {
  catalog: 'mf-catalog',
  account: 'mf-account',
  checkout: 'mf-checkout',
  admin: 'mf-admin',
};

const SHELL_REMOTE_ROUTES = 'shell/src/remotes/remote-routes.ts';

/**
 * The pages the shell mounts, read from its remote route table: `{ 'mf-catalog': ['/', ...] }`.
 * @param {string} routesSource
 * @returns {Record<string, string[]>}
 */
function shellExpectations(routesSource) {
  const table = routesSource.match(/export const REMOTE_ROUTES = \{([\s\S]*?)\}/);
  // An unreadable table must fail the build, not expect nothing of every remote.
  if (!table) throw new Error(`No REMOTE_ROUTES table in ${SHELL_REMOTE_ROUTES}`);
  /** @type {Record<string, string[]>} */
  const expected = {};
  for (const [, page = '', remote = ''] of (table[1] ?? '').matchAll(/'([^']+)'\s*:\s*'(\w+)'/g)) {
    const app = REMOTE_APP[remote];
    if (!app) throw new Error(`The shell mounts an unknown remote "${remote}"`);
    (expected[app] ??= []).push(page);
  }
  return expected;
}

/**
 * The keys of the `pages` map a remote's `./routes` module declares.
 * @param {string} routesSource
 * @returns {string[]}
 */
function declaredPages(routesSource) {
  const body = routesSource.match(/export const pages[^=]*=\s*\{([\s\S]*?)\};/);
  if (!body) return [];
  return [...(body[1] ?? '').matchAll(/'([^']+)'\s*:/g)].map((match) => match[1] ?? '');
}

/** @param {string} relative a path from the repository's root */
function readSource(relative) {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}

/**
 * Every route the shell mounts from `appName` must be in that remote's `pages`.
 * @param {string} appName
 * @param {{ shell?: string, remote?: string }} [sources] the route tables' sources (default: read)
 * @returns {string[]}
 */
function missingPages(appName, sources = {}) {
  const expected = shellExpectations(sources.shell ?? readSource(SHELL_REMOTE_ROUTES));
  const declared = declaredPages(sources.remote ?? readSource(`${appName}/src/routes.tsx`));
  return (expected[appName] ?? []).filter((page) => !declared.includes(page));
}

/**
 * A singleton the app depends on must accept a version inside the one shared range.
 * @param {string} appName
 * @param {PackageManifest} [manifest] its package.json (default: read)
 * @returns {string[]}
 */
function rangeConflicts(appName, manifest) {
  /** @type {PackageManifest} */
  const pkg = manifest ?? JSON.parse(readSource(`${appName}/package.json`));
  /** @type {Record<string, string | undefined>} */
  const dependencies = { ...pkg.peerDependencies, ...pkg.dependencies };
  return Object.entries(singletonRanges)
    .filter(([name]) => !name.endsWith('/') && name !== '@store/shared')
    .flatMap(([name, range]) => {
      const wanted = dependencies[name];
      if (!wanted || semver.intersects(wanted, range)) return [];
      return [`${name}: ${appName} wants ${wanted}, the store shares ${range}`];
    });
}

/**
 * Problems that must stop the build of `appName` (or of every app when none is given).
 * @param {string} [appName]
 * @returns {string[]}
 */
function contractProblems(appName) {
  const names = appName ? [appName] : Object.keys(apps);
  const problems = [];
  for (const name of names) {
    problems.push(...rangeConflicts(name));
    const remotes = name === 'shell' ? Object.values(REMOTE_APP) : [name];
    for (const remote of remotes) {
      for (const page of missingPages(remote)) {
        problems.push(`The shell mounts ${page} from ${remote}, but its ./routes has no such page`);
      }
    }
  }
  return problems;
}

module.exports = {
  contractProblems,
  declaredPages,
  missingPages,
  rangeConflicts,
  shellExpectations,
};
