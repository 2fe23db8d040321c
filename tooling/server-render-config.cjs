const path = require('node:path');
const { DefinePlugin, optimize } = require('webpack');
const { apps, isAppName } = require('./apps.cjs');
const { cssModulesLoader, typescriptRule } = require('./source-rules.cjs');

/** Where an app's server render is written, beside its browser build and served with it. */
const SERVER_RENDER_DIR = 'server';

/**
 * The server render of an app's first screen: the same sources as its browser build, for Node,
 * in one CommonJS file at `dist/server/<name>.cjs`. npm packages stay `require`s, so the shell's
 * render and a remote's share one React and one react-redux, as they do in the browser, and a
 * remote takes `@store/shared` from the shell's render (the browser's share scope does the same).
 * CSS modules give class names only, computed as the browser build computes them (same context,
 * same `localIdentName`), so the server's markup wears the browser's stylesheets.
 * @param {{ appDir: string, appName: string, entry: string, name: string }} options `entry`: the
 *   render's module (relative to `appDir`), `name`: its file's name in `dist/server/`
 * @returns {import('./webpack.cjs').ConfigFactory}
 */
function createServerRenderConfig({ appDir, appName, entry, name }) {
  if (!isAppName(appName)) throw new Error(`Unknown app ${appName}`);
  const app = apps[appName];
  /** @type {{ version: string }} */
  const pkg = require(path.join(appDir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: `${appName}-server`,
      mode: production ? 'production' : 'development',
      target: 'node20',
      context: appDir,
      entry: { [name]: entry },
      devtool: false,
      output: {
        path: path.join(appDir, 'dist', SERVER_RENDER_DIR),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      externalsType: 'commonjs',
      externals: [
        ({ request }, callback) => {
          const bare = request && !request.startsWith('.') && !path.isAbsolute(request);
          // The shell's render bundles the shared package; a remote's takes the shell's copy (one
          // store). The contract's page reads are plain functions every render bundles: the shell's
          // image installs its packages' manifests, not the contract's sources.
          const bundled =
            request?.startsWith('@store/') &&
            (appName === 'shell' || request.startsWith('@store/contract'));
          if (bare && !bundled && !request.endsWith('.css')) return callback(null, request);
          return callback();
        },
      ],
      module: {
        rules: [
          // Production JSX even in development: the render's markup, not React's dev checks.
          typescriptRule({ production: true }),
          {
            test: /\.css$/,
            use: cssModulesLoader({
              federationName: app.federationName,
              production,
              exportOnlyLocals: true,
            }),
          },
          {
            test: /\.(png|jpe?g|gif|svg|webp)$/,
            type: 'asset/resource',
            generator: { emit: false },
          },
        ],
      },
      optimization: { minimize: false },
      performance: { hints: false },
      plugins: [
        // One file: the shell's server loads a remote's render by its single URL.
        new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new DefinePlugin({
          __APP_NAME__: JSON.stringify(appName),
          __APP_VERSION__: JSON.stringify(pkg.version),
        }),
      ],
    };
  };
}

module.exports = { createServerRenderConfig, SERVER_RENDER_DIR };
