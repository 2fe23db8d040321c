const path = require('node:path');
const { Compilation, sources } = require('webpack');
const { readSource, remoteRouteTable, SHELL_REMOTE_ROUTES } = require('./federation-contract.cjs');

const NAME = 'RemoteRoutesFilePlugin';
const FILE = 'remote-routes.json';

/**
 * Writes the shell's remote route table (`shell/src/remotes/remote-routes.ts`) beside its
 * `index.html` as `remote-routes.json`, `{ "/": "catalog", ... }`: the shell's static server reads
 * it to name the opened page's remote in the document's `Link` header
 * (scripts/lib/opened-page-links.mjs), from the same table the shell's router mounts.
 */
class RemoteRoutesFilePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const table = Object.fromEntries(remoteRouteTable(readSource(SHELL_REMOTE_ROUTES)));
          compilation.fileDependencies.add(path.join(__dirname, '..', SHELL_REMOTE_ROUTES));
          compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(table)}\n`));
        },
      );
    });
  }
}

module.exports = { RemoteRoutesFilePlugin };
