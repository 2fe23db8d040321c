const { createServerRenderConfig, createWebpackConfig } = require('@store/tooling');

const appDir = __dirname;
module.exports = [
  createWebpackConfig({ appDir, appName: 'mf-catalog', isHost: false }),
  createServerRenderConfig({
    appDir,
    appName: 'mf-catalog',
    entry: './src/server/pages.ts',
    name: 'pages',
  }),
];
