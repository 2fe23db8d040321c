import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { APP_NAMES, closeServer, distOf, startAppServer } from '../../scripts/lib/composition.mjs';
import type { AppName } from '../support/composition.ts';
import { useStore } from '../support/store.ts';

// The build writes brotli and gzip copies beside each text asset (tooling/webpack.cjs) and the
// static server sends the best one the request accepts; a file rewritten after the build is
// never answered with its stale copy.
const store = useStore();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The body of `url` as sent, with the coding it was sent in. */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decoded({ encoding, body }: { encoding: string | undefined; body: Buffer }): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the static server', () => {
  test('sends the copy in the best coding the request accepts, and the file when none fits', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'store-compressed-'));
    const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
    writeFileSync(path.join(root, 'app.js'), script);
    writeFileSync(path.join(root, 'app.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(root, 'app.js.gz'), zlib.gzipSync(script));
    const server = await startAppServer('mf-catalog', { root, port: 0 });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app.js`;
      const cases: [string | undefined, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        [undefined, undefined],
      ];
      for (const [accept, expected] of cases) {
        const answer = await rawGet(url, accept);
        assert.equal(answer.encoding, expected, `Accept-Encoding: ${accept}`);
        assert.equal(decoded(answer), script, `Accept-Encoding: ${accept}`);
      }

      // A deploy-time edit after the build: its copies are older and must not be sent.
      const edited = `${script}\nconsole.log('edited');`;
      writeFileSync(path.join(root, 'app.js'), edited);
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(root, 'app.js'), later, later);
      for (const accept of ['br, gzip', 'gzip']) {
        const answer = await rawGet(url, accept);
        assert.equal(decoded(answer), edited, `Accept-Encoding: ${accept}`);
      }
    } finally {
      await closeServer(server);
    }
  });
});

describe('the production build', () => {
  test("every app's scripts and styles have brotli and gzip copies of the same bytes", () => {
    for (const app of APP_NAMES) {
      const assets = filesUnder(distOf(app)).filter((file) => /\.(js|css)$/.test(file));
      assert.ok(assets.length > 0, `${app} has scripts`);
      for (const file of assets) {
        const original = readFileSync(file, 'utf8');
        // A copy that would not be smaller (a file of a few bytes) is not written.
        if (original.length >= 1024) {
          assert.ok(existsSync(`${file}.br`), `${file}.br`);
          assert.ok(existsSync(`${file}.gz`), `${file}.gz`);
        }
        if (existsSync(`${file}.br`))
          assert.equal(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString(), original);
        if (existsSync(`${file}.gz`))
          assert.equal(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString(), original);
      }
    }
    // Written at deploy time: a copy from the build would be stale.
    const shell = filesUnder(distOf('shell')).map((file) => path.basename(file));
    assert.ok(!shell.some((name) => /^runtime-config\.json\./.test(name)), shell.join(', '));
  });

  test('the browser gets the shell and its remote in brotli', (t) =>
    store.journey(t, async (page) => {
      const appOf = new Map(
        (APP_NAMES as AppName[]).map((app) => [store.composition.urlOf(app), app]),
      );
      const sent = new Map<string, string | undefined>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js') && appOf.has(url.origin))
          sent.set(response.url(), response.headers()['content-encoding']);
      });
      await page.goto(store.url('/'), { waitUntil: 'networkidle' });
      const origins = new Set([...sent.keys()].map((url) => appOf.get(new URL(url).origin)));
      assert.deepEqual([...origins].sort(), ['mf-catalog', 'shell']);
      for (const [url, encoding] of sent) {
        const { origin, pathname } = new URL(url);
        const file = path.join(distOf(appOf.get(origin)!), pathname);
        assert.equal(encoding, existsSync(`${file}.br`) ? 'br' : 'gzip', url);
      }
    }));
});
