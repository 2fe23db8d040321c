import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';
import { PNG_BYTES } from '../helpers/catalog.ts';

describeEachDatabase('GET /api/files/previews/:name', (suite) => {
  before(async () => {
    await suite.app.services.storage.put('previews/known.png', PNG_BYTES, 'image/png');
    await suite.app.services.storage.put('assets/secret.txt', Buffer.from('paid'), 'text/plain');
  });

  it('serves a stored preview with its type, immutable caching and nosniff', async () => {
    const response = await suite.app.inject('/api/files/previews/known.png');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['cross-origin-resource-policy'], 'same-site');
    assert.equal(Number(response.headers['content-length']), PNG_BYTES.length);
    assert.deepEqual(response.rawPayload, PNG_BYTES);
  });

  it('serves the generated fallback image', async () => {
    const response = await suite.app.inject('/api/files/previews/fallback.png');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.match(String(response.headers['cache-control']), /^public, max-age=\d+$/);
    assert.equal(response.rawPayload.subarray(1, 4).toString(), 'PNG');
  });

  it('tags a stored preview by its key and answers 304 to a current If-None-Match', async () => {
    const url = '/api/files/previews/known.png';
    const first = await suite.app.inject(url);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]{27}"$/);
    assert.equal((await suite.app.inject(url)).headers.etag, etag);
    // Keys are never overwritten: the storage offers no modification time to send.
    assert.equal(first.headers['last-modified'], undefined);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const current = await suite.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
      assert.equal(current.statusCode, 304, ifNoneMatch);
      assert.equal(current.rawPayload.length, 0, ifNoneMatch);
      assert.equal(current.headers.etag, etag, ifNoneMatch);
      assert.equal(current.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
    for (const headers of [
      { 'if-none-match': '"other"' },
      { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
    ]) {
      const stale = await suite.app.inject({ url, headers });
      assert.equal(stale.statusCode, 200, JSON.stringify(headers));
      assert.deepEqual(stale.rawPayload, PNG_BYTES);
    }

    await suite.app.services.storage.put('previews/other.png', PNG_BYTES, 'image/png');
    const other = await suite.app.inject('/api/files/previews/other.png');
    assert.notEqual(other.headers.etag, etag);
    const missing = await suite.app.inject({
      url: '/api/files/previews/missing.png',
      headers: { 'if-none-match': '*' },
    });
    assert.equal(missing.statusCode, 404);
  });

  it('tags the fallback image by its bytes and answers 304, cached for a day', async () => {
    const url = '/api/files/previews/fallback.png';
    const first = await suite.app.inject(url);
    const hash = createHash('sha256').update(first.rawPayload).digest('base64url');
    const etag = `"${hash.slice(0, 27)}"`;
    assert.equal(first.headers.etag, etag);
    const current = await suite.app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(current.statusCode, 304);
    assert.equal(current.rawPayload.length, 0);
    assert.equal(current.headers.etag, etag);
    assert.equal(current.headers['cache-control'], 'public, max-age=86400');
    const reload = await suite.app.inject({
      url,
      headers: { 'if-none-match': etag, 'cache-control': 'no-cache' },
    });
    assert.equal(reload.statusCode, 200);
    assert.deepEqual(reload.rawPayload, first.rawPayload);
  });

  it('answers JSON 404 for unknown keys and for anything outside the previews', async () => {
    for (const url of [
      '/api/files/previews/missing.png',
      '/api/files/previews/..%2Fassets%2Fsecret.txt',
      '/api/files/previews/%2e%2e',
      '/api/files/previews/..%5Cassets%5Csecret.txt',
      '/api/files/previews/.hidden',
      '/api/files/assets/secret.txt',
      '/api/files/previews/../assets/secret.txt',
    ]) {
      const response = await suite.app.inject(url);
      assert.equal(response.statusCode, 404, url);
      assert.match(String(response.headers['content-type']), /application\/json/, url);
      assert.ok(response.json().message, url);
    }
  });
});
