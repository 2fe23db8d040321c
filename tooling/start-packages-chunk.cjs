const { providerModules, startChunks } = require('./start-chunks-preload-plugin.cjs');

/** @typedef {import('webpack').Chunk} Chunk */
/** @typedef {import('webpack').Compilation} WebpackCompilation */
/** @typedef {import('webpack').Module} Module */
/**
 * A `splitChunks.cacheGroups` entry with a function `test`.
 * @typedef {object} StartPackagesCacheGroup
 * @property {string} name
 * @property {'async'} chunks
 * @property {boolean} enforce
 * @property {number} priority
 * @property {(module: Module, context: { chunkGraph: import('webpack').ChunkGraph }) => boolean} test
 */

const NAME = 'StartPackagesChunk';
// Runs before SplitChunksPlugin (its stage is STAGE_ADVANCED, 10), while the chunks are still
// the ones the chunk graph built.
const BEFORE_SPLIT_CHUNKS = 0;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
// mini-css-extract's stylesheets keep their chunks' files, and so their order in index.html.
const CSS_MODULE = 'css/mini-extract';

/**
 * Whether `module` is a file of an npm package (the workspace's own packages resolve to their
 * folders in the repository, outside node_modules).
 * @param {Module | null} module
 */
function inNodeModules(module) {
  return NODE_MODULES.test(module?.nameForCondition() ?? '');
}

/**
 * The start chunks of the shell's own copies of the shared npm packages (react, react-dom,
 * react-redux and what they import): of the chunks `startChunks` names, those a provider of a
 * package from node_modules loads. The workspace's `@store/shared` is not one of them.
 * @param {WebpackCompilation} compilation
 * @returns {Set<Chunk>}
 */
function startPackageChunks(compilation) {
  const { chunkGraph, moduleGraph } = compilation;
  const start = new Set(startChunks(compilation).flat());
  /** @type {Set<Chunk>} */
  const chunks = new Set();
  for (const provider of providerModules(compilation).values()) {
    for (const block of provider.blocks) {
      const provided = block.dependencies.map((dependency) => moduleGraph.getModule(dependency));
      if (!provided.some((target) => inNodeModules(target))) continue;
      for (const chunk of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
        if (start.has(chunk)) chunks.add(chunk);
      }
    }
  }
  return chunks;
}

/**
 * A `splitChunks` cache group that puts the start-up code of the shared npm packages in one
 * file, where webpack's defaults split it into one per package and per entry point of a
 * package (react, react/jsx-runtime, react-dom, react-dom/client, react-redux): four requests
 * fewer before the first render. Only those: the bootstrap's and `@store/shared`'s chunks stay
 * apart, because one start file measured slower than several under a phone's throttling
 * (docs/decisions/0057-start-packages-chunk.md).
 * @returns {{ plugin: import('webpack').WebpackPluginInstance, cacheGroup: StartPackagesCacheGroup }}
 */
function startPackagesChunk() {
  /**
   * The current compilation's chunks (thisCompilation skips child compilations).
   * @type {Set<Chunk> | null}
   */
  let chunks = null;
  const plugin = {
    /** @param {import('webpack').Compiler} compiler */
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        chunks = null;
        compilation.hooks.optimizeChunks.tap({ name: NAME, stage: BEFORE_SPLIT_CHUNKS }, () => {
          chunks ??= startPackageChunks(compilation);
        });
      });
    },
  };
  /** @type {StartPackagesCacheGroup} */
  const cacheGroup = {
    name: 'start-packages',
    chunks: 'async',
    enforce: true,
    priority: 30,
    test(module, { chunkGraph }) {
      if (module.type === CSS_MODULE || !inNodeModules(module)) return false;
      for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
        if (chunks?.has(chunk)) return true;
      }
      return false;
    },
  };
  return { plugin, cacheGroup };
}

module.exports = { startPackagesChunk };
