const { createServerRenderConfig, createWebpackConfig } = require('@store/tooling');

const appDir = __dirname;
module.exports = [
  createWebpackConfig({ appDir, appName: 'shell', isHost: true }),
  createServerRenderConfig({
    appDir,
    appName: 'shell',
    entry: './src/first-screen/render.tsx',
    name: 'first-screen',
  }),
];
