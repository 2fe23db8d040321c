// Builds the shell's and the catalog's server renders (their `*-server` webpack configs, as
// `npm run build` does) into another folder, for tests that run the shell's server on them:
//
//   node build-server-renders.mjs <folder>
//
// writes `<folder>/shell/first-screen.cjs` and `<folder>/mf-catalog/pages.cjs`. A process of its
// own: jest's browser-like environment is no place to run webpack.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { webpack } = require('webpack');

const out = process.argv[2];
if (!out) throw new Error('Usage: node build-server-renders.mjs <folder>');

/** @param {string} app */
function serverConfig(app) {
  /** @type {((env: unknown, argv: { mode: string }) => import('webpack').Configuration)[]} */
  const factories = require(path.join(ROOT, app, 'webpack.config.cjs'));
  const config = factories
    .map((factory) => factory(undefined, { mode: 'production' }))
    .find(({ name }) => name === `${app}-server`);
  if (!config) throw new Error(`${app} has no server render`);
  return {
    ...config,
    output: { ...config.output, path: path.join(out, app) },
    infrastructureLogging: { level: 'error' },
  };
}

const compiler = webpack([serverConfig('shell'), serverConfig('mf-catalog')]);
compiler.run((error, stats) => {
  compiler.close(() => {
    if (error) throw error;
    if (stats?.hasErrors()) {
      process.stderr.write(stats.toString({ all: false, errors: true }));
      process.exit(1);
    }
  });
});
