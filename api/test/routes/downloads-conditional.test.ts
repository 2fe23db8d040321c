import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { dataUrl, type ProductJson } from '../helpers/catalog.ts';
import { buy, createProducts } from '../helpers/checkout.ts';
import { downloadTicket, downloadsOf, fetchLink, grantOf } from '../helpers/downloads.ts';

const ASSET = 'The quick brown fox jumps over the lazy dog'; // 43 bytes
const SIZE = ASSET.length;

describeEachDatabase('download links: validators, conditional and range requests', (suite) => {
  let asset: ProductJson;
  before(async () => {
    [asset] = await createProducts(suite.app, [5], {
      originalAsset: dataUrl('text/plain', ASSET),
      fileName: 'fox.txt',
    });
  });

  /** A fresh download link of the asset, and a way to read how often it was fetched. */
  async function newLink() {
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: asset }]);
    const { downloadUrl } = await downloadTicket(buyer.client, asset.id);
    const grant = await grantOf(suite.app, buyer.user.id, asset.id);
    const fetches = async () => (await downloadsOf(suite.app, grant.id))[0]!.fetchCount;
    const first = await fetchLink(suite.app, downloadUrl);
    assert.equal(first.statusCode, 200, first.body);
    return {
      downloadUrl,
      fetches,
      etag: String(first.headers.etag),
      lastModified: String(first.headers['last-modified']),
    };
  }

  const head = (url: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ method: 'HEAD', url: new URL(url).pathname, headers });

  it('sends a strong ETag and the upload time as Last-Modified', async () => {
    const { etag, lastModified } = await newLink();
    assert.match(etag, /^"[\w-]{27}"$/);
    assert.equal(lastModified, new Date(String(asset.created_at)).toUTCString());
  });

  it('answers 304 to a current If-None-Match or If-Modified-Since, not counted', async () => {
    const { downloadUrl, fetches, etag, lastModified } = await newLink();
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    const current: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': lastModified },
      { 'if-modified-since': later },
      { 'if-none-match': etag, range: 'bytes=0-4' },
    ];
    for (const headers of current) {
      const response = await fetchLink(suite.app, downloadUrl, headers);
      const label = JSON.stringify(headers);
      assert.equal(response.statusCode, 304, label);
      assert.equal(response.rawPayload.length, 0, label);
      assert.equal(response.headers.etag, etag, label);
      assert.equal(response.headers['last-modified'], lastModified, label);
      assert.equal(response.headers['cache-control'], 'private, no-store', label);
      assert.equal(response.headers['content-disposition'], undefined, label);
    }
    assert.equal(await fetches(), 1, 'a 304 transfers no file');

    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const stale: Record<string, string>[] = [
      { 'if-none-match': '"other"' },
      // If-None-Match decides when both are sent (RFC 9110 13.2.2).
      { 'if-none-match': '"other"', 'if-modified-since': later },
      { 'if-modified-since': earlier },
      { 'if-modified-since': 'not a date' },
      // A forced reload.
      { 'if-none-match': etag, 'cache-control': 'no-cache' },
    ];
    for (const headers of stale) {
      const response = await fetchLink(suite.app, downloadUrl, headers);
      assert.equal(response.statusCode, 200, JSON.stringify(headers));
      assert.equal(response.body, ASSET);
    }
    assert.equal(await fetches(), 6);
  });

  it('resumes under If-Range only while its ETag or date is the current one', async () => {
    const { downloadUrl, etag, lastModified } = await newLink();
    for (const ifRange of [etag, lastModified]) {
      const resumed = await fetchLink(suite.app, downloadUrl, {
        range: 'bytes=5-',
        'if-range': ifRange,
      });
      assert.equal(resumed.statusCode, 206, ifRange);
      assert.equal(resumed.body, ASSET.slice(5), ifRange);
      assert.equal(resumed.headers['content-range'], `bytes 5-${SIZE - 1}/${SIZE}`, ifRange);
    }
    for (const ifRange of [
      '"something-else"',
      // The strong comparison: a weak tag never matches.
      `W/${etag}`,
      new Date(Date.parse(lastModified) + 1000).toUTCString(),
      new Date(Date.parse(lastModified) - 1000).toUTCString(),
      'not a date',
    ]) {
      const restarted = await fetchLink(suite.app, downloadUrl, {
        range: 'bytes=5-',
        'if-range': ifRange,
      });
      assert.equal(restarted.statusCode, 200, ifRange);
      assert.equal(restarted.body, ASSET, ifRange);
      assert.equal(restarted.headers['content-range'], undefined, ifRange);
    }
    // A stale If-Range drops the Range, so even one past the end gets the whole file.
    const stalePastEnd = await fetchLink(suite.app, downloadUrl, {
      range: 'bytes=100-',
      'if-range': '"something-else"',
    });
    assert.equal(stalePastEnd.statusCode, 200);
    assert.equal(stalePastEnd.body, ASSET);
  });

  it('merges overlapping ranges and serves suffixes; ranges apart get the whole file', async () => {
    const { downloadUrl } = await newLink();
    const parts: [string, number, number][] = [
      ['bytes=0-4,3-8', 0, 8],
      ['bytes=0-1,2-3', 0, 3],
      ['bytes=-3,40-', SIZE - 3, SIZE - 1],
      ['bytes=-3', SIZE - 3, SIZE - 1],
      ['bytes=-43', 0, SIZE - 1],
      ['bytes=-44', 0, SIZE - 1],
      ['Bytes=4-8', 4, 8],
    ];
    for (const [range, start, end] of parts) {
      const part = await fetchLink(suite.app, downloadUrl, { range });
      assert.equal(part.statusCode, 206, range);
      assert.equal(part.body, ASSET.slice(start, end + 1), range);
      assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${SIZE}`, range);
      assert.equal(part.headers['content-length'], String(end - start + 1), range);
    }
    for (const range of ['bytes=0-1,4-5', 'bytes=0-0,-1', 'bytes=-1,0-0']) {
      const whole = await fetchLink(suite.app, downloadUrl, { range });
      assert.equal(whole.statusCode, 200, range);
      assert.equal(whole.body, ASSET, range);
    }
  });

  it('answers 416 to unsatisfiable ranges and ignores malformed headers', async () => {
    const { downloadUrl, fetches, etag } = await newLink();
    for (const range of ['bytes=43-', 'bytes=43-50,100-', 'bytes=-0', 'bytes=5-2', 'bytes=x-y']) {
      const refused = await fetchLink(suite.app, downloadUrl, { range });
      assert.equal(refused.statusCode, 416, range);
      assert.equal(refused.headers['content-range'], `bytes */${SIZE}`, range);
      assert.equal(refused.headers.etag, etag, range);
      assert.equal(refused.json().message, 'Range not satisfiable', range);
    }
    // No `bytes=` unit: ignored (RFC 9110 14.2), even a range another unit could not satisfy.
    for (const range of ['bytes', 'bytes 0-4', 'nonsense', '=0-4', 'items=100-200', '']) {
      const whole = await fetchLink(suite.app, downloadUrl, { range });
      assert.equal(whole.statusCode, 200, range);
      assert.equal(whole.body, ASSET, range);
      assert.equal(whole.headers['content-range'], undefined, range);
    }
    assert.equal(await fetches(), 7, 'a 416 is not a fetch');
  });

  it('answers HEAD with the headers a GET gets, without a body and without counting', async () => {
    const { downloadUrl, fetches, etag, lastModified } = await newLink();
    const whole = await head(downloadUrl);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.rawPayload.length, 0);
    assert.equal(whole.headers['content-length'], String(SIZE));
    assert.equal(whole.headers['content-type'], 'text/plain');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.equal(whole.headers.etag, etag);
    assert.equal(whole.headers['last-modified'], lastModified);
    assert.match(String(whole.headers['content-disposition']), /^attachment;/);

    const part = await head(downloadUrl, { range: 'bytes=4-8' });
    assert.equal(part.statusCode, 206);
    assert.equal(part.rawPayload.length, 0);
    assert.equal(part.headers['content-length'], '5');
    assert.equal(part.headers['content-range'], `bytes 4-8/${SIZE}`);

    const current = await head(downloadUrl, { 'if-none-match': etag });
    assert.equal(current.statusCode, 304);
    assert.equal(await fetches(), 1);
  });
});
