import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { LocalStorage } from '../../../src/infrastructure/storage/local-storage.ts';
import { S3Storage } from '../../../src/infrastructure/storage/s3-storage.ts';
import type { FileStorage } from '../../../src/infrastructure/storage/storage.ts';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';

function behavesLikeFileStorage(name: string, setup: () => Promise<FileStorage>) {
  describe(name, () => {
    let storage: FileStorage;
    before(async () => {
      storage = await setup();
    });
    after(() => storage.close());

    it('puts, reads, checks and deletes an object', async () => {
      const key = 'previews/abc-123.png';
      assert.equal(await storage.exists(key), false);
      assert.equal(await storage.get(key), null);
      await storage.put(key, Buffer.from('0123456789'), 'image/png');
      assert.equal(await storage.exists(key), true);
      const object = await storage.get(key);
      assert.ok(object);
      assert.equal(object.contentType, 'image/png');
      assert.equal(object.size, 10);
      assert.deepEqual([object.start, object.end], [0, 9]);
      assert.equal(await text(object.body), '0123456789');
      await storage.delete(key);
      assert.equal(await storage.exists(key), false);
      await storage.delete(key); // missing is fine
    });

    it('reads byte ranges, clamping past the end', async () => {
      const key = 'assets/ranged.txt';
      await storage.put(key, Buffer.from('abcdefghij'), 'text/plain');
      const middle = await storage.get(key, { start: 2, end: 5 });
      assert.equal(await text(middle!.body), 'cdef');
      assert.deepEqual([middle!.start, middle!.end, middle!.size], [2, 5, 10]);
      const tail = await storage.get(key, { start: 7 });
      assert.equal(await text(tail!.body), 'hij');
      assert.deepEqual([tail!.start, tail!.end], [7, 9]);
      const beyond = await storage.get(key, { start: 3, end: 500 });
      assert.equal(await text(beyond!.body), 'defghij');
    });

    it('answers the readiness probe', async () => {
      await storage.probe(AbortSignal.timeout(2_000));
    });

    it('overwrites a key and refuses unsafe keys', async () => {
      await storage.put('assets/same', Buffer.from('one'), 'text/plain');
      await storage.put('assets/same', Buffer.from('two'), 'text/plain');
      assert.equal(await text((await storage.get('assets/same'))!.body), 'two');
      for (const key of ['../escape', 'a/../../b', '/absolute', 'a//b', 'a\\b', '']) {
        await assert.rejects(storage.put(key, Buffer.from('x'), 'text/plain'), /Unsafe/);
      }
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'store-files-'));
after(() => fs.rmSync(localRoot, { recursive: true, force: true }));
behavesLikeFileStorage('local storage', async () => new LocalStorage(localRoot));

describe('local storage specifics', () => {
  it('fails the probe when its folder cannot be created', async () => {
    const blocker = path.join(localRoot, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    await assert.rejects(new LocalStorage(path.join(blocker, 'files')).probe(), /ENOTDIR|EEXIST/);
  });

  it('keeps files inside its folder and has no direct URL', async () => {
    const storage = new LocalStorage(localRoot);
    await storage.put('previews/inside.png', Buffer.from('x'), 'image/png');
    assert.ok(fs.existsSync(path.join(localRoot, 'previews/inside.png')));
    assert.equal(
      await storage.directDownloadUrl('previews/inside.png', {
        fileName: 'a',
        expiresInSeconds: 60,
      }),
      null,
    );
  });
});

let fake: FakeS3;
const BUCKET = 'store-test';
const s3Options = () => ({
  bucket: BUCKET,
  endpoint: fake.endpoint,
  region: 'us-east-1',
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret',
});
before(async () => {
  fake = await startFakeS3(BUCKET);
});
after(() => fake.close());

behavesLikeFileStorage('S3 storage against a fake S3', async () => new S3Storage(s3Options()));

describe('S3 storage specifics', () => {
  it('fails the probe for a missing bucket', async () => {
    const storage = new S3Storage({ ...s3Options(), bucket: 'no-such-bucket' });
    await assert.rejects(storage.probe(AbortSignal.timeout(2_000)));
    await storage.close();
  });

  it('uses path-style requests without checksum trailers and stores the content type', async () => {
    const storage = new S3Storage(s3Options());
    await storage.put('previews/style.webp', Buffer.from('webp?'), 'image/webp');
    const put = fake.requests.findLast((request) => request.method === 'PUT')!;
    assert.equal(put.url.split('?')[0], `/${BUCKET}/previews/style.webp`);
    assert.ok(!String(put.headers['x-amz-sdk-checksum-algorithm'] ?? '').length);
    assert.ok(!String(put.headers['x-amz-trailer'] ?? '').length);
    assert.match(String(put.headers.authorization), /AWS4-HMAC-SHA256 Credential=test-key\//);
    assert.equal(fake.objects.get('previews/style.webp')?.contentType, 'image/webp');
    await storage.close();
  });

  it('presigns a download URL with the original file name', async () => {
    const storage = new S3Storage(s3Options());
    await storage.put('assets/doc-1', Buffer.from('the file'), 'text/plain');
    const url = await storage.directDownloadUrl('assets/doc-1', {
      fileName: 'Résumé "final".txt',
      expiresInSeconds: 300,
    });
    const parsed = new URL(url);
    assert.equal(parsed.origin, fake.endpoint);
    assert.equal(parsed.pathname, `/${BUCKET}/assets/doc-1`);
    assert.equal(parsed.searchParams.get('X-Amz-Expires'), '300');
    assert.ok(parsed.searchParams.get('X-Amz-Signature'));
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'the file');
    assert.match(
      String(response.headers.get('content-disposition')),
      /^attachment; filename="R_sum_ _final_.txt"; filename\*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt$/,
    );
    await storage.close();
  });
});
