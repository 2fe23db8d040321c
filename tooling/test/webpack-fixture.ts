// Tiny webpack builds for the build code's unit tests: a project written to a temporary folder,
// built in this process, and its output read back as the browser would get it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { webpack, type Configuration } from 'webpack';

const ROOT = path.resolve(__dirname, '../..');

/** A project on disk: its files by path (`src/index.js`, `node_modules/pkg/index.js`). */
export type Files = Record<string, string>;

const written: string[] = [];

/** Writes `files` into a new temporary folder, removed by `removeFixtures()`. */
export function writeFixture(files: Files): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tooling-test-'));
  written.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Removes the folders `writeFixture` made (an `afterAll`). */
export function removeFixtures(): void {
  for (const dir of written.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** An npm package of the fixture: its package.json and an ES module entry. */
export function npmPackage(name: string, source: string, version = '1.0.0'): Files {
  return {
    [`node_modules/${name}/package.json`]: JSON.stringify({ name, version, main: 'index.js' }),
    [`node_modules/${name}/index.js`]: source,
  };
}

/**
 * A production build's settings for a fixture in `context`, unminified (the tests read the
 * output) and without source maps; the loaders resolve from the repository's node_modules.
 */
export function baseConfig(context: string): Configuration {
  return {
    mode: 'production',
    context,
    entry: './src/index.js',
    devtool: false,
    output: {
      path: path.join(context, 'dist'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:8].js',
      clean: true,
    },
    resolveLoader: { modules: ['node_modules', path.join(ROOT, 'node_modules')] },
    optimization: { minimize: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  };
}

/** Builds `config`; rejects with webpack's errors. */
export function build(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (stats?.hasErrors()) {
          const { errors = [] } = stats.toJson({ all: false, errors: true });
          return reject(new Error(errors.map((problem) => problem.message).join('\n')));
        }
        resolve();
      });
    });
  });
}

/** The files of the build in `dir`, by their path in it (`chunks/x.1234abcd.js`), as text. */
export function readOutput(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).split(path.sep).join('/'), readFileSync(file, 'utf8'));
  }
  return files;
}

/** The one output file whose name matches `name` and whose text includes `marker`. */
export function fileWith(output: Map<string, string>, name: RegExp, marker: string): string {
  const [found, ...others] = filesWith(output, name, marker);
  if (!found || others.length) {
    throw new Error(`Not one file matches ${name} with ${marker}: ${[...output.keys()]}`);
  }
  return found;
}

/** The output files whose names match `name` and whose text includes `marker`. */
export function filesWith(output: Map<string, string>, name: RegExp, marker: string): string[] {
  return [...output]
    .filter(([file, text]) => name.test(file) && text.includes(marker))
    .map(([file]) => file);
}

/**
 * A federated host like the shell: an entry that only imports its bootstrap, which uses shared
 * npm packages (pkg-a, which itself uses the shared pkg-c, and pkg-b), a shared module of the
 * project's own (local-lib, outside node_modules, like `@store/shared`) and stylesheets, and a
 * lazy page with a shared package of its own (pkg-lazy). Every module's text carries a
 * `marker:<name>` to find it by in the output.
 */
export const HOST_FILES: Files = {
  'src/index.js': "import('./bootstrap');\n",
  'src/bootstrap.js': [
    "import { a } from 'pkg-a';",
    "import { b } from 'pkg-b';",
    "import { local } from 'local-lib';",
    "import './bootstrap.css';",
    "console.log('marker:bootstrap', a, b, local);",
    "import('./lazy');",
  ].join('\n'),
  'src/bootstrap.css': '.bootstrap { color: red; }\n',
  'src/lazy.js': [
    "import { lazy } from 'pkg-lazy';",
    "import './lazy.css';",
    "console.log('marker:lazy', lazy);",
  ].join('\n'),
  'src/lazy.css': '.lazy { color: blue; }\n',
  'src/local-lib.js': "export const local = 'marker:local-lib';\n",
  ...npmPackage(
    'pkg-a',
    "import { c } from 'pkg-c';\nimport './a.css';\nexport const a = 'marker:pkg-a' + c;\n",
  ),
  'node_modules/pkg-a/a.css': '.pkg-a { color: green; }\n',
  ...npmPackage('pkg-b', "export const b = 'marker:pkg-b';\n"),
  ...npmPackage('pkg-c', "export const c = 'marker:pkg-c';\n"),
  ...npmPackage('pkg-lazy', "export const lazy = 'marker:pkg-lazy';\n"),
};

/** HOST_FILES' shared packages, singletons as the store's are. */
const HOST_SHARED = {
  'pkg-a': { singleton: true, requiredVersion: '^1.0.0' },
  'pkg-b': { singleton: true, requiredVersion: '^1.0.0' },
  'pkg-c': { singleton: true, requiredVersion: '^1.0.0' },
  'pkg-lazy': { singleton: true, requiredVersion: '^1.0.0' },
  'local-lib': {
    import: './src/local-lib.js',
    version: '1.0.0',
    requiredVersion: '^1.0.0',
    singleton: true,
  },
};

/**
 * A build of HOST_FILES (or a variant) in `dir`, set up as tooling/webpack.cjs sets up the shell:
 * the host's federation over HOST_SHARED and its stylesheets extracted into files, then `plugins`.
 */
export function hostConfig(
  dir: string,
  plugins: NonNullable<Configuration['plugins']>,
  splitChunks?: NonNullable<Configuration['optimization']>['splitChunks'],
): Configuration {
  const config = baseConfig(dir);
  return {
    ...config,
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
    optimization: splitChunks ? { ...config.optimization, splitChunks } : config.optimization,
    plugins: [
      new ModuleFederationPlugin({
        name: 'host',
        remotes: {},
        shared: HOST_SHARED,
        dts: false,
        dev: false,
        manifest: false,
      }),
      new MiniCssExtractPlugin({ chunkFilename: 'chunks/[name].[contenthash:8].css' }),
      ...plugins,
    ],
  };
}

/** The `<link>` tags of an HTML document, each as its attributes. */
export function links(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b([^>]*)>/g)].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [
        name,
        value,
      ]),
    ),
  );
}
