const HtmlWebpackPlugin = require('html-webpack-plugin');
const { dependencies } = require('webpack');

/** @typedef {import('webpack').Chunk} Chunk */
/** @typedef {import('webpack').ChunkGroup} ChunkGroup */
/** @typedef {import('webpack').Compilation} WebpackCompilation */
/** @typedef {import('webpack').Module} Module */

const NAME = 'StartChunksPreloadPlugin';

// The federation plugin's module types (`Module.type`) for a provider and a consumer of a
// shared package.
const PROVIDE_MODULE = 'provide-module';
const CONSUME_MODULE = 'consume-shared-module';
const PROVIDED = /^webpack\/sharing\/provide\/[^/]+\/(.+)$/;
// The request of the entry's (`src/index.ts`) `import()` of the app's bootstrap.
const BOOTSTRAP_REQUEST = './bootstrap';

/**
 * The key under which a federation module provides or consumes a shared package (`react`,
 * `react/jsx-runtime`, `@store/shared`); undefined for any other module.
 *
 * The one place that reads the federation plugin's sharing modules beyond webpack's `Module`:
 * neither @module-federation/enhanced nor webpack exports their classes or a getter for the key.
 * A provider's key is read from its library identifier, `webpack/sharing/provide/<scope>/<key>`
 * (webpack's and the federation plugin's format, which deterministic module ids are made from),
 * a consumer's from its `options.shareKey`. tooling/test/start-chunks-preload-plugin.test.ts
 * pins both on a federated build.
 * @param {Module} module
 * @param {string} context the compiler's context, which library identifiers are relative to
 * @returns {string | undefined}
 */
function shareKeyOf(module, context) {
  if (module.type === PROVIDE_MODULE) return PROVIDED.exec(module.libIdent({ context }) ?? '')?.[1];
  if (module.type !== CONSUME_MODULE || !('options' in module)) return undefined;
  const { options } = module;
  const hasKey = typeof options === 'object' && options !== null && 'shareKey' in options;
  return hasKey && typeof options.shareKey === 'string' ? options.shareKey : undefined;
}

/**
 * The modules of the entry chunks (the federation runtime's providers among them).
 * @param {WebpackCompilation} compilation
 * @returns {Generator<Module>}
 */
function* entryModules(compilation) {
  for (const entry of compilation.entrypoints.values()) {
    for (const chunk of entry.chunks) yield* compilation.chunkGraph.getChunkModulesIterable(chunk);
  }
}

/**
 * The app's own providers of its shared packages, by share key (`react`, `@store/shared`...).
 * @param {WebpackCompilation} compilation
 * @returns {Map<string, Module>}
 */
function providerModules(compilation) {
  /** @type {Map<string, Module>} */
  const providers = new Map();
  for (const module of entryModules(compilation)) {
    if (module.type !== PROVIDE_MODULE) continue;
    const key = shareKeyOf(module, compilation.compiler.context);
    if (key) providers.set(key, module);
  }
  return providers;
}

/**
 * The chunks every page needs before its first render: those of the entry's `import()` of the
 * bootstrap, and those of the app's own copies of the shared packages they consume (react-dom,
 * the router, the store...), followed through those packages' own shared imports. At start the
 * share scope holds only this app's copies, so a consumed package is its provider's chunk, not
 * the consumer's fallback. Lazy pages are left out: past the bootstrap, only shared packages
 * are followed.
 * @param {WebpackCompilation} compilation
 * @param {string} [bootstrapRequest] the request of the entry's `import()` of the bootstrap
 * @returns {Chunk[][]} each chunk group's chunks, in the order described
 */
function startChunks(compilation, bootstrapRequest = BOOTSTRAP_REQUEST) {
  const { chunkGraph } = compilation;
  const { context } = compilation.compiler;
  /**
   * Each visited chunk group's chunks, the bootstrap's first, then the shared packages'.
   * @type {Chunk[][]}
   */
  const groups = [];
  /** @type {string[]} */
  const consumed = [];
  /** @type {Set<ChunkGroup>} */
  const seen = new Set();
  /** @param {ChunkGroup | undefined} group */
  const visit = (group) => {
    if (!group || seen.has(group)) return;
    seen.add(group);
    groups.push([...group.chunks]);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        const key = module.type === CONSUME_MODULE ? shareKeyOf(module, context) : undefined;
        if (key) consumed.push(key);
      }
    }
  };
  for (const module of entryModules(compilation)) {
    for (const block of module.blocks ?? []) {
      const requested = block.dependencies.some(
        (dependency) =>
          dependency instanceof dependencies.ModuleDependency &&
          dependency.request === bootstrapRequest,
      );
      if (requested) visit(chunkGraph.getBlockChunkGroup(block));
    }
  }
  const providers = providerModules(compilation);
  // The walk also takes the keys its own visits add (an array iterator reads the length anew).
  for (const key of consumed) {
    const provider = providers.get(key);
    for (const block of provider?.blocks ?? []) visit(chunkGraph.getBlockChunkGroup(block));
  }
  return groups;
}

/**
 * The groups' files ending in `extension`, each once, in the groups' order.
 * @param {Chunk[][]} groups
 * @param {string} extension
 * @returns {string[]}
 */
function filesOf(groups, extension) {
  /** @type {Set<string>} */
  const files = new Set();
  for (const chunks of groups) {
    for (const chunk of chunks) {
      for (const file of chunk.files) if (file.endsWith(extension)) files.add(file);
    }
  }
  return [...files];
}

/**
 * `<link rel="preload">` in the shell's `index.html` for the start chunks (see `startChunks`),
 * and a stylesheet link for each of their CSS files:
 * the browser fetches them while it downloads and runs the entry, instead of after the entry's
 * federation runtime has run and asked for them one wave after another.
 */
class StartChunksPreloadPlugin {
  /** @param {{ bootstrapRequest?: string }} [options] */
  constructor({ bootstrapRequest } = {}) {
    this.bootstrapRequest = bootstrapRequest;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (groups) => {
        const publicPath = groups.publicPath;
        const startGroups = startChunks(compilation, this.bootstrapRequest);
        // Stylesheets in the order style-loader injected them: a package's CSS before the CSS
        // of the code that imports it (the bootstrap's last), so the app's classes still win
        // over the shared components' at equal specificity. mini-css-extract's runtime looks
        // for a chunk's stylesheet by `data-href` (its own relative name) before adding one, so
        // it finds these and adds no second copy.
        const styles = filesOf([...startGroups].reverse(), '.css').map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'stylesheet',
            href: `${publicPath}${file}`,
            'data-href': file,
          }),
        );
        const scripts = filesOf(startGroups, '.js')
          .sort()
          .map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          );
        groups.headTags.push(...styles, ...scripts);
        return groups;
      });
    });
  }
}

module.exports = { StartChunksPreloadPlugin, startChunks, providerModules };
