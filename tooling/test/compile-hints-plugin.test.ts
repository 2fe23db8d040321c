/** @jest-environment node */
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { CompileHintsPlugin } from '../compile-hints-plugin.cjs';
import {
  baseConfig,
  build,
  fileWith,
  filesWith,
  HOST_FILES,
  hostConfig,
  npmPackage,
  readOutput,
  removeFixtures,
  writeFixture,
} from './webpack-fixture';

const HINT = '//# allFunctionsCalledOnLoad\n';
const JS = /\.js$/;

afterAll(removeFixtures);

const hinted = (output: Map<string, string>, file: string) =>
  (output.get(file) ?? '').startsWith(HINT);

describe('CompileHintsPlugin in the shell', () => {
  let output: Map<string, string>;
  beforeAll(async () => {
    const dir = writeFixture({
      ...HOST_FILES,
      'src/bootstrap.js': `${HOST_FILES['src/bootstrap.js']}
import * as card from './card.module.css';
console.log(card);`,
      'src/card.module.css': '.card { color: red; }\n',
    });
    await build(
      hostConfig(
        dir,
        [new CompileHintsPlugin({ isHost: true, containerName: 'host' })],
        // A chunk of nothing but a CSS module's class names, once its CSS is extracted.
        {
          cacheGroups: {
            styles: { test: /card\.module\.css$/, name: 'styles', chunks: 'async', enforce: true },
          },
        },
      ),
    );
    output = readOutput(path.join(dir, 'dist'));
  }, 30_000);

  it('hints the entry, the bootstrap and the shared packages the bootstrap uses', () => {
    expect(hinted(output, 'main.js')).toBe(true);
    expect(hinted(output, fileWith(output, JS, 'marker:bootstrap'))).toBe(true);
    for (const marker of ['marker:pkg-a', 'marker:pkg-c', 'marker:local-lib']) {
      // The provider's copy; a consumer's fallback copy does not run at start.
      const copies = filesWith(output, JS, marker);
      expect(copies.filter((file) => hinted(output, file))).toHaveLength(1);
    }
  });

  it("leaves the lazy page, its package and a stylesheet's empty chunk unhinted", () => {
    for (const marker of ['marker:lazy', 'marker:pkg-lazy']) {
      for (const file of filesWith(output, JS, marker)) expect(hinted(output, file)).toBe(false);
    }
    const styles = [...output.keys()].filter((file) => /^chunks\/styles\..*\.js$/.test(file));
    expect(styles).toHaveLength(1);
    expect(output.get(styles[0] ?? '')).toContain('extracted by mini-css-extract-plugin');
    expect(hinted(output, styles[0] ?? '')).toBe(false);
  });
});

describe('CompileHintsPlugin in a remote', () => {
  let output: Map<string, string>;
  beforeAll(async () => {
    const dir = writeFixture({
      'src/index.js': "import('./bootstrap');\n",
      'src/bootstrap.js': "console.log('marker:standalone');\n",
      'src/routes.js': [
        "import { a } from 'pkg-a';",
        "import { home } from './home';",
        "export const pages = { home, a, lazy: () => import('./lazy-page') };",
        "console.log('marker:routes');",
      ].join('\n'),
      'src/home.js': "export const home = 'marker:home';\n",
      'src/lazy-page.js': "export default 'marker:lazy-page';\n",
      ...npmPackage('pkg-a', "export const a = 'marker:pkg-a';\n"),
    });
    await build({
      ...baseConfig(dir),
      plugins: [
        new ModuleFederationPlugin({
          name: 'remote',
          filename: 'remoteEntry.js',
          exposes: { './routes': './src/routes.js' },
          remotes: {},
          shared: { 'pkg-a': { singleton: true, requiredVersion: '^1.0.0' } },
          dts: false,
          dev: false,
          manifest: false,
        }),
        new CompileHintsPlugin({ isHost: false, containerName: 'remote' }),
      ],
    });
    output = readOutput(path.join(dir, 'dist'));
  }, 30_000);

  it('hints the container entry and the chunk of what it exposes', () => {
    expect(hinted(output, 'remoteEntry.js')).toBe(true);
    expect(hinted(output, fileWith(output, JS, 'marker:routes'))).toBe(true);
  });

  it("leaves the exposes' lazy pages, the shared packages and the standalone entry unhinted", () => {
    expect(hinted(output, fileWith(output, JS, 'marker:lazy-page'))).toBe(false);
    // The remote takes its shared packages from the shell's copies in the composition.
    const copies = filesWith(output, JS, 'marker:pkg-a');
    expect(copies.length).toBeGreaterThan(0);
    for (const file of copies) expect(hinted(output, file)).toBe(false);
    expect(hinted(output, 'main.js')).toBe(false);
  });
});
