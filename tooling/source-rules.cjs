const path = require('node:path');

/**
 * ts-loader in transpile-only mode: each file is compiled alone (isolatedModules), and
 * `tsc --noEmit` checks the types (npm run typecheck). The apps' own tsconfig has noEmit, hence
 * the build config here (docs/decisions/0013-ts-loader-and-swc-minifier.md).
 * @param {{ production: boolean }} options
 * @returns {import('webpack').RuleSetRule}
 */
function typescriptRule({ production }) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        configFile: path.join(__dirname, 'tsconfig.build.json'),
        transpileOnly: true,
        compilerOptions: { jsx: production ? 'react-jsx' : 'react-jsxdev' },
      },
    },
  };
}

/**
 * css-loader for an app's CSS modules. One definition for the browser build and the server
 * render: a server's markup must carry the class names the browser's stylesheets were built with.
 * `exportOnlyLocals`: the class names without the CSS (the server render).
 * @param {{ federationName: string, production: boolean, exportOnlyLocals?: boolean }} options
 * @returns {import('webpack').RuleSetUseItem}
 */
function cssModulesLoader({ federationName, production, exportOnlyLocals = false }) {
  return {
    loader: 'css-loader',
    options: {
      modules: {
        auto: true,
        namedExport: false,
        exportLocalsConvention: 'as-is',
        exportOnlyLocals,
        localIdentName: production
          ? `${federationName}_[hash:base64:6]`
          : `${federationName}_[name]_[local]`,
      },
    },
  };
}

module.exports = { cssModulesLoader, typescriptRule };
