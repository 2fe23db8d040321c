import assert from 'node:assert/strict';
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
