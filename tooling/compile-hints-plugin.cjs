const { Compilation, sources } = require('webpack');
const federation = require('@module-federation/enhanced');
const { startChunks } = require('./start-chunks-preload-plugin.cjs');

/** @typedef {import('webpack').Chunk} Chunk */
/** @typedef {import('webpack').Compilation} WebpackCompilation */
/** @typedef {import('webpack').Module} Module */
/** @typedef {{ isHost: boolean, containerName: string }} CompileHintsOptions */

const NAME = 'CompileHintsPlugin';

// V8's explicit compile hint (Chrome 136+): every function in the file is compiled on the thread
// that streams the script in, instead of lazily on the main thread at its first call. Only where
// the functions do run at start-up: compiling a lazy page's code up front would be wasted work.
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The module a remote's container entry (`remoteEntry.js`) is built from: the federation
 * plugin's container entry module, whose blocks are the exposes. @module-federation/enhanced
 * exports its class for plugins such as this one (its typings call it `any`).
 * @type {abstract new (...args: never[]) => Module}
 */
const ContainerEntryModule = federation.container.ContainerEntryModule;

/**
 * The chunks of the groups that `module`'s `import()`s (and exposes) load.
 * @param {WebpackCompilation} compilation
 * @param {Module} module
 * @returns {Chunk[]}
 */
function blockChunks(compilation, module) {
  return (module.blocks ?? []).flatMap(
    (block) => compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? [],
  );
}

/**
 * Whether a chunk holds code: a chunk of CSS modules keeps only their empty stubs once
 * mini-css-extract-plugin has taken the CSS, and has no function worth compiling.
 * @param {WebpackCompilation} compilation
 * @param {Chunk} chunk
 */
function hasCode(compilation, chunk) {
  return [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some(
    (module) =>
      module.getSourceTypes().has('javascript') && !/\.css$/.test(module.nameForCondition() ?? ''),
  );
}

/**
 * The chunks a page of the composition runs before its first render: the shell's entry and its
 * start chunks (the bootstrap's and the shared packages'), a remote's container entry and the
 * chunks of what it exposes (the `routes` module with the remote's pages).
 * @param {WebpackCompilation} compilation
 * @param {CompileHintsOptions} options
 * @returns {Chunk[]}
 */
function chunksRunAtStart(compilation, { isHost, containerName }) {
  if (isHost) {
    const entry = compilation.entrypoints.get('main');
    return [...(entry?.chunks ?? []), ...startChunks(compilation).flat()];
  }
  const container = compilation.entrypoints.get(containerName);
  return (container?.chunks ?? []).flatMap((chunk) => [
    chunk,
    ...[...compilation.chunkGraph.getChunkModulesIterable(chunk)]
      // The exposes only: the container's other imports are the fallback copies of the shared
      // packages, which a remote in the composition takes from the shell instead.
      .filter((module) => module instanceof ContainerEntryModule)
      .flatMap((module) => blockChunks(compilation, module)),
  ]);
}

/**
 * Puts the compile hint at the top of the start-up scripts (see `chunksRunAtStart`), after
 * minification (which would drop the comment) and before the source maps and content hashes are
 * made, so both describe the file as served
 * (docs/decisions/0055-compile-hints-plugin.md).
 */
class CompileHintsPlugin {
  /** @param {CompileHintsOptions} options */
  constructor({ isHost, containerName }) {
    this.options = { isHost, containerName };
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = new Set(
            chunksRunAtStart(compilation, this.options)
              .filter((chunk) => hasCode(compilation, chunk))
              .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))),
          );
          for (const file of files) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin };
