const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartChunksPreloadPlugin';

const PROVIDED = /^webpack\/sharing\/provide\/[^/]+\/(.+)$/;
// The request of the entry's (`src/index.ts`) `import()` of the app's bootstrap.
const BOOTSTRAP_REQUEST = './bootstrap';

/** The modules of the entry chunks (the federation runtime's providers among them). */
function* entryModules(compilation) {
  for (const entry of compilation.entrypoints.values()) {
    for (const chunk of entry.chunks) yield* compilation.chunkGraph.getChunkModulesIterable(chunk);
  }
}

/** The app's own providers of its shared packages, by share key (`react`, `@store/shared`...). */
function providerModules(compilation) {
  const providers = new Map();
  for (const module of entryModules(compilation)) {
    if (module.type !== 'provide-module') continue;
    const provided = PROVIDED.exec(
      module.libIdent({ context: compilation.compiler.context }) ?? '',
    );
    if (provided) providers.set(provided[1], module);
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
 */
function startChunks(compilation, bootstrapRequest = BOOTSTRAP_REQUEST) {
  const { chunkGraph } = compilation;
  /** Each visited chunk group's chunks, the bootstrap's first, then the shared packages'. */
  const groups = [];
  const consumed = [];
  const seen = new Set();
  const visit = (group) => {
    if (!group || seen.has(group)) return;
    seen.add(group);
    groups.push([...group.chunks]);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type === 'consume-shared-module') consumed.push(module.options.shareKey);
      }
    }
  };
  for (const module of entryModules(compilation)) {
    for (const block of module.blocks ?? []) {
      const requested = block.dependencies.some(
        (dependency) => dependency.request === bootstrapRequest,
      );
      if (requested) visit(chunkGraph.getBlockChunkGroup(block));
    }
  }
  const providers = providerModules(compilation);
  for (let index = 0; index < consumed.length; index += 1) {
    const provider = providers.get(consumed[index]);
    for (const block of provider?.blocks ?? []) visit(chunkGraph.getBlockChunkGroup(block));
  }
  return groups;
}

/** The groups' files ending in `extension`, each once, in the groups' order. */
function filesOf(groups, extension) {
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
  constructor({ bootstrapRequest } = {}) {
    this.bootstrapRequest = bootstrapRequest;
  }

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
