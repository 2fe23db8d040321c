/** @jest-environment node */
import { Module } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import { createServerRenderConfig } from '../server-render-config.cjs';
import { cssModulesLoader } from '../source-rules.cjs';
import { build, readOutput, removeFixtures, writeFixture } from './webpack-fixture';

const ROOT = path.resolve(__dirname, '../..');

afterAll(removeFixtures);

/** An app with a render module like the shell's and the catalog's first screens. */
const APP_FILES = {
  'package.json': JSON.stringify({ name: 'app', version: '1.2.3' }),
  'src/render.tsx': [
    "import { renderToString } from 'react-dom/server';",
    "import * as shared from '@store/shared';",
    "import styles from './card.module.css';",
    "import picture from './picture.png';",
    'declare const __APP_NAME__: string;',
    'declare const __APP_VERSION__: string;',
    'export const render = () =>',
    '  [renderToString, shared.name, styles.card, picture, __APP_NAME__, __APP_VERSION__];',
    "export const later = () => import('./later');",
  ].join('\n'),
  'src/later.ts': "export const later = 'marker:later';\n",
  'src/card.module.css': '.card { color: red; }\n',
  'src/picture.png': 'not really a png',
  'src/types.d.ts': "declare module '*.module.css';\ndeclare module '*.png';\n",
  'node_modules/@store/shared/package.json': JSON.stringify({
    name: '@store/shared',
    main: 'index.js',
  }),
  'node_modules/@store/shared/index.js': "export const name = 'marker:shared';\n",
};

/** The app's server render config, its loaders resolved from the repository's node_modules. */
function serverConfig(appDir: string, appName: string): Configuration {
  const factory = createServerRenderConfig({
    appDir,
    appName,
    entry: './src/render.tsx',
    name: 'pages',
  });
  return {
    ...factory(undefined, { mode: 'production' }),
    resolveLoader: { modules: [path.join(ROOT, 'node_modules')] },
    infrastructureLogging: { level: 'error' },
  };
}

/** Runs the built CommonJS render with `modules` as the packages it `require`s. */
function load(code: string, modules: Record<string, unknown>): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = vm.runInThisContext(Module.wrap(code)) as (...args: unknown[]) => void;
  const require = (id: string) => {
    if (!(id in modules)) throw new Error(`The render asked for ${id}`);
    return modules[id];
  };
  wrapper.call(module.exports, module.exports, require, module, '/app/dist/server/pages.cjs', '/');
  return module.exports;
}

describe('createServerRenderConfig', () => {
  let remote: Map<string, string>;
  let shell: Map<string, string>;
  beforeAll(async () => {
    const remoteDir = writeFixture(APP_FILES);
    const shellDir = writeFixture(APP_FILES);
    await build(serverConfig(remoteDir, 'mf-catalog'));
    await build(serverConfig(shellDir, 'shell'));
    remote = readOutput(path.join(remoteDir, 'dist/server'));
    shell = readOutput(path.join(shellDir, 'dist/server'));
  }, 30_000);

  it('writes one CommonJS file, with no chunk, stylesheet or image beside it', () => {
    expect([...remote.keys()]).toEqual(['pages.cjs']);
    expect(remote.get('pages.cjs')).toContain('marker:later');
  });

  it("requires the npm packages, and a remote takes the shell's @store/shared", () => {
    const renderToString = () => '';
    const pages = load(remote.get('pages.cjs') ?? '', {
      'react-dom/server': { renderToString },
      '@store/shared': { name: 'the shell’s copy' },
    });
    const [render, shared, card, picture, appName, version] = (pages.render as () => unknown[])();
    expect(render).toBe(renderToString);
    expect(shared).toBe('the shell’s copy');
    // CSS modules give class names only, as the browser build names them.
    expect(card).toMatch(/^mf_catalog_[\w-]{6}$/);
    expect(picture).toMatch(/\.png$/);
    expect([appName, version]).toEqual(['mf-catalog', '1.2.3']);
  });

  it("bundles @store/shared into the shell's render", () => {
    const pages = load(shell.get('pages.cjs') ?? '', { 'react-dom/server': {} });
    const [, shared, card] = (pages.render as () => unknown[])();
    expect(shared).toBe('marker:shared');
    expect(card).toMatch(/^shell_[\w-]{6}$/);
  });

  it("names the classes as the browser build's stylesheet does", async () => {
    const dir = writeFixture({
      'src/index.js': "import styles from './card.module.css';\nconsole.log(styles.card);\n",
      'src/card.module.css': APP_FILES['src/card.module.css'],
    });
    await build({
      mode: 'production',
      context: dir,
      entry: './src/index.js',
      output: { path: path.join(dir, 'dist') },
      resolveLoader: { modules: [path.join(ROOT, 'node_modules')] },
      module: {
        rules: [
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              cssModulesLoader({ federationName: 'mf_catalog', production: true }),
            ],
          },
        ],
      },
      plugins: [new MiniCssExtractPlugin()],
    });
    const css = readOutput(path.join(dir, 'dist')).get('main.css') ?? '';
    const pages = load(remote.get('pages.cjs') ?? '', {
      'react-dom/server': {},
      '@store/shared': {},
    });
    const [, , card] = (pages.render as () => unknown[])();
    expect(css).toContain(`.${String(card)} {`);
  });
});
