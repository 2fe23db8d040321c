const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./shared-singletons.cjs');
const { apps, API_PORT, isAppName } = require('./apps.cjs');
const { CompileHintsPlugin } = require('./compile-hints-plugin.cjs');
const { CopyPublicPlugin } = require('./copy-public-plugin.cjs');
const { StartChunksPreloadPlugin } = require('./start-chunks-preload-plugin.cjs');
const { startPackagesChunk } = require('./start-packages-chunk.cjs');
const { cssModulesLoader, typescriptRule } = require('./source-rules.cjs');
const { createServerRenderConfig, SERVER_RENDER_DIR } = require('./server-render-config.cjs');

const INJECT_RUNTIME_CJS =
  require.resolve('@module-federation/inject-external-runtime-core-plugin');
const INJECT_RUNTIME_ESM = INJECT_RUNTIME_CJS.replace(/\.cjs$/, '.js');

// Text a browser fetches; source maps are left to the server's per-request gzip.
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
// Rewritten at deploy time (scripts/lib/composition.mjs, tooling/docker): a copy made at build
// time would be a stale config.
const DEPLOY_TIME = /(^|\/)runtime-config\.json$/;

/**
 * A webpack configuration, with the dev server's settings (webpack-dev-server reads them).
 * @typedef {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} AppConfiguration
 */
/**
 * What an app's `webpack.config.cjs` exports: webpack-cli calls it with `--env` and its own
 * options (`--mode`).
 * @typedef {(env: unknown, argv: { mode?: string }) => AppConfiguration} ConfigFactory
 */

/**
 * Brotli and gzip copies of every text asset at their highest levels, written beside it once per
 * build: the static servers send the best one the browser accepts instead of compressing each
 * response (docs/decisions/0054-compressed-at-build-time.md). Brotli's copy of the start-up
 * JavaScript is about an eighth smaller than the gzip made per request.
 */
function precompression() {
  // The plugin's options are typed by its algorithm's, which it cannot infer from a name.
  /** @type {typeof CompressionPlugin<import('node:zlib').BrotliOptions>} */
  const BrotliCompressionPlugin = CompressionPlugin;
  return [
    new BrotliCompressionPlugin({
      test: COMPRESSIBLE,
      exclude: DEPLOY_TIME,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      exclude: DEPLOY_TIME,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/**
 * One webpack config for every app. A remote exposes only `./routes`; the shell exposes nothing
 * and learns where the remotes live at run time (see shell/src/remotes).
 * @param {{ appDir: string, appName: string, isHost?: boolean }} options
 * @returns {ConfigFactory}
 */
function createWebpackConfig({ appDir, appName, isHost = false }) {
  if (!isAppName(appName)) throw new Error(`Unknown app ${appName}`);
  const app = apps[appName];
  /** @type {{ version: string }} */
  const pkg = require(path.join(appDir, 'package.json'));

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // Production CSS is in files, not injected by style-loader inside the start-up tasks
    // (docs/decisions/0002-css-modules-in-files.md): the shell links its start chunks'
    // stylesheets from index.html, and each app's runtime loads the rest with their chunks,
    // a remote's from its own origin (the CSP's style-src lists the remotes).
    const extractCss = production;
    const startPackages = isHost && production ? startPackagesChunk() : null;
    return {
      // The dev server's hot client follows only the builds of the compilation it is named
      // after; unnamed, it takes the server render's hashes for its own and reloads forever.
      name: appName,
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: 'auto',
        uniqueName: app.federationName,
        // Entry files keep stable names: the federation runtime rejects hashed entries.
        filename: '[name].js',
        chunkFilename: production ? 'chunks/[name].[contenthash:8].js' : 'chunks/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // The server render (tooling/server-render-config.cjs) is another compiler's output.
        clean: { keep: (asset) => asset.startsWith(`${SERVER_RENDER_DIR}/`) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // The federation plugin adds the runtime provider by its CommonJS entry, which would
        // bundle a second, CommonJS copy of the runtime next to the ES one the shell runs on;
        // the package's ES entry shares it.
        alias: isHost ? { [INJECT_RUNTIME_CJS]: INJECT_RUNTIME_ESM } : {},
      },
      module: {
        rules: [
          typescriptRule({ production }),
          {
            test: /\.css$/,
            use: [
              extractCss ? MiniCssExtractPlugin.loader : 'style-loader',
              cssModulesLoader({ federationName: app.federationName, production }),
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        runtimeChunk: false,
        ...(startPackages
          ? { splitChunks: { cacheGroups: { startPackages: startPackages.cacheGroup } } }
          : {}),
        // swc's minifier instead of terser's two passes: about 3x faster and slightly
        // smaller output (docs/decisions/0013-ts-loader-and-swc-minifier.md).
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: app.federationName,
          filename: 'remoteEntry.js',
          exposes: isHost ? undefined : { './routes': './src/routes.tsx' },
          remotes: {},
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          manifest: {
            additionalData: ({ stats }) => ({
              ...stats,
              metaData: { ...stats.metaData, appVersion: pkg.version },
            }),
          },
          dts: false,
          dev: false,
          experiments: {
            // Browser-only builds; remotes never load other remotes, so they drop the remote
            // loading and manifest (snapshot) code from their copy of the runtime.
            optimization: isHost
              ? { target: 'web' }
              : { target: 'web', disableRemote: true, disableSnapshot: true },
            // In production a remote runs on the shell's federation runtime instead of carrying
            // its own copy (docs/decisions/0030-remotes-on-the-shell-runtime.md); alone in
            // development it keeps one.
            provideExternalRuntime: isHost,
            externalRuntime: !isHost && production,
          },
        }),
        new DefinePlugin({
          __APP_NAME__: JSON.stringify(appName),
          __APP_VERSION__: JSON.stringify(pkg.version),
        }),
        ...(extractCss
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: 'chunks/[name].[contenthash:8].css',
              }),
            ]
          : []),
        new CopyPublicPlugin(path.join(appDir, 'public')),
        new HtmlWebpackPlugin({
          // Absolute script URLs: deep links such as /category/fonts must still find /main.js.
          publicPath: '/',
          template: path.join(__dirname, 'index.html'),
          title: isHost ? 'Digital Assets Marketplace' : `${appName} (standalone)`,
          templateParameters: { appVersion: pkg.version, appName, isHost },
          // html-webpack-plugin's production defaults, keeping the markers around #root's boot
          // screen, where the shell's server puts its render (scripts/lib/first-screen.mjs).
          minify: production && {
            collapseWhitespace: true,
            keepClosingSlash: true,
            removeComments: true,
            ignoreCustomComments: [/^\/?root$/],
            removeRedundantAttributes: true,
            removeScriptTypeAttributes: true,
            removeStyleLinkTypeAttributes: true,
            useShortDoctype: true,
          },
        }),
        // The shell's start chunks download while its entry does
        // (docs/decisions/0051-start-chunks-preload-plugin.md).
        ...(isHost && production ? [new StartChunksPreloadPlugin()] : []),
        ...(startPackages ? [startPackages.plugin] : []),
        ...(production
          ? [new CompileHintsPlugin({ isHost, containerName: app.federationName })]
          : []),
        ...(production ? precompression() : []),
      ],
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Cache-Control': 'no-cache',
        },
        // A remote run alone stands in for the host too: the category images (/category/...)
        // are the shell's files.
        static: [appDir, ...(isHost ? [] : [path.join(__dirname, '../shell')])].map((dir) => ({
          directory: path.join(dir, 'public'),
        })),
        // http-proxy-middleware's own name for the paths; `context` is only the dev server's alias.
        proxy: [{ pathFilter: ['/api'], target: `http://127.0.0.1:${API_PORT}` }],
      },
    };
  };
}

module.exports = { createWebpackConfig, createServerRenderConfig };
