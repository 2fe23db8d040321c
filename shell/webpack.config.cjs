const { createWebpackConfig } = require('@store/tooling');

module.exports = createWebpackConfig({ appDir: __dirname, appName: 'shell', isHost: true });
