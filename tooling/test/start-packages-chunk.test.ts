/** @jest-environment node */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { StartChunksPreloadPlugin } from '../start-chunks-preload-plugin.cjs';
import { startPackagesChunk } from '../start-packages-chunk.cjs';
import {
  build,
  filesWith,
  HOST_FILES,
  hostConfig,
  links,
  readOutput,
  removeFixtures,
  writeFixture,
} from './webpack-fixture';

afterAll(removeFixtures);

/** The host's build with the cache group and its plugin, set up as tooling/webpack.cjs does. */
async function buildHost() {
  const dir = writeFixture(HOST_FILES);
  const startPackages = startPackagesChunk();
  await build(
    hostConfig(
      dir,
      [
        new HtmlWebpackPlugin({ publicPath: '/' }),
        new StartChunksPreloadPlugin(),
        startPackages.plugin,
      ],
      { cacheGroups: { startPackages: startPackages.cacheGroup } },
    ),
  );
  return readOutput(path.join(dir, 'dist'));
}

describe('startPackagesChunk', () => {
  let output: Map<string, string>;
  beforeAll(async () => {
    output = await buildHost();
  }, 30_000);

  const startPackages = () => [...output.keys()].filter((file) => /start-packages/.test(file));

  it('puts the start-up code of the shared npm packages in one chunk', () => {
    const [file, ...others] = startPackages();
    expect(others).toEqual([]);
    expect(file).toMatch(/^chunks\/start-packages\.[0-9a-f]{8}\.js$/);
    const text = output.get(file ?? '') ?? '';
    for (const marker of ['marker:pkg-a', 'marker:pkg-b', 'marker:pkg-c']) {
      expect(text).toContain(marker);
    }
  });

  it("leaves the project's own shared module, the bootstrap and the lazy page's package out", () => {
    const text = output.get(startPackages()[0] ?? '') ?? '';
    for (const marker of ['marker:local-lib', 'marker:bootstrap', 'marker:pkg-lazy']) {
      expect(text).not.toContain(marker);
      expect(filesWith(output, /\.js$/, marker).length).toBeGreaterThan(0);
    }
  });

  it('keeps the stylesheets in their own chunks, and is preloaded as one file', () => {
    // No start-packages.css: a package's CSS stays in its chunk's file, in index.html's order.
    expect(startPackages()).toHaveLength(1);
    expect(filesWith(output, /\.css$/, '.pkg-a').length).toBeGreaterThan(0);
    const preloaded = links(output.get('index.html') ?? '').map((link) => link.href);
    expect(preloaded).toContain(`/${startPackages()[0]}`);
  });
});
