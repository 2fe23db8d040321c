/** @jest-environment node */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { StartChunksPreloadPlugin } from '../start-chunks-preload-plugin.cjs';
import {
  build,
  fileWith,
  filesWith,
  HOST_FILES,
  hostConfig,
  links,
  readOutput,
  removeFixtures,
  writeFixture,
} from './webpack-fixture';

afterAll(removeFixtures);

/** The shell's index.html as the plugin leaves it, and the build's files. */
async function buildHost() {
  const dir = writeFixture(HOST_FILES);
  await build(
    hostConfig(dir, [new HtmlWebpackPlugin({ publicPath: '/' }), new StartChunksPreloadPlugin()]),
  );
  const output = readOutput(path.join(dir, 'dist'));
  return { output, head: links(output.get('index.html') ?? '') };
}

describe('StartChunksPreloadPlugin', () => {
  let built: Awaited<ReturnType<typeof buildHost>>;
  beforeAll(async () => {
    built = await buildHost();
  }, 30_000);

  const preloaded = () =>
    built.head
      .filter((link) => link.rel === 'preload' && link.as === 'script')
      .map((link) => link.href);
  const stylesheets = () => built.head.filter((link) => link.rel === 'stylesheet');

  it("preloads the bootstrap's chunk and the providers' of the shared packages it uses", () => {
    const { output } = built;
    const js = /^chunks\/.*\.js$/;
    expect(preloaded()).toContain(`/${fileWith(output, js, 'marker:bootstrap')}`);
    // pkg-c only through pkg-a: the walk follows the shared packages' own shared imports.
    for (const marker of ['marker:pkg-a', 'marker:pkg-b', 'marker:pkg-c', 'marker:local-lib']) {
      // The provider's copy, not a consumer's fallback (a chunk with the same module).
      const copies = filesWith(output, js, marker).map((file) => `/${file}`);
      expect(copies.filter((file) => preloaded().includes(file))).toHaveLength(1);
    }
  });

  it('leaves the lazy page and the packages only it uses out', () => {
    const { output } = built;
    for (const marker of ['marker:lazy', 'marker:pkg-lazy']) {
      for (const file of filesWith(output, /\.js$/, marker)) {
        expect(preloaded()).not.toContain(`/${file}`);
      }
    }
    expect(preloaded()).not.toContain('/main.js');
  });

  it("links the start chunks' stylesheets, a package's before the bootstrap's", () => {
    const { output } = built;
    const css = /\.css$/;
    const bootstrap = fileWith(output, css, '.bootstrap');
    const packages = filesWith(output, css, '.pkg-a').filter((file) =>
      stylesheets().some((link) => link.href === `/${file}`),
    );
    expect(packages).toHaveLength(1);
    // mini-css-extract's runtime finds a chunk's stylesheet by `data-href`: no second copy.
    expect(stylesheets()).toEqual([
      { rel: 'stylesheet', href: `/${packages[0]}`, 'data-href': packages[0] },
      { rel: 'stylesheet', href: `/${bootstrap}`, 'data-href': bootstrap },
    ]);
  });
});
