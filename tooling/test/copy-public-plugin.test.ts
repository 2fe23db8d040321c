/** @jest-environment node */
import path from 'node:path';
import { CopyPublicPlugin } from '../copy-public-plugin.cjs';
import { baseConfig, build, readOutput, removeFixtures, writeFixture } from './webpack-fixture';

afterAll(removeFixtures);

const SOURCES = { 'src/index.js': "console.log('marker:index');\n" };

describe('CopyPublicPlugin', () => {
  it("copies the app's public folder, subfolders too, beside the build's files", async () => {
    const dir = writeFixture({
      ...SOURCES,
      'public/robots.txt': 'User-agent: *\n',
      'public/category/fonts.png': 'not really a png',
    });
    await build({ ...baseConfig(dir), plugins: [new CopyPublicPlugin(path.join(dir, 'public'))] });
    const output = readOutput(path.join(dir, 'dist'));
    expect(output.get('robots.txt')).toBe('User-agent: *\n');
    expect(output.get('category/fonts.png')).toBe('not really a png');
    expect(output.get('main.js')).toContain('marker:index');
  });

  it('copies nothing for an app without a public folder', async () => {
    const dir = writeFixture(SOURCES);
    await build({ ...baseConfig(dir), plugins: [new CopyPublicPlugin(path.join(dir, 'public'))] });
    expect([...readOutput(path.join(dir, 'dist')).keys()]).toEqual(['main.js']);
  });
});
