import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { buy, createProducts } from '../helpers/checkout.ts';
import {
  downloadTicket,
  downloadsOf,
  fetchLink,
  grantOf,
  purchased,
  requestDownload,
  setGrant,
  tokenOf,
  type TicketJson,
} from '../helpers/downloads.ts';
import { accessTokenKeys } from '../../src/accounts/access-tokens.ts';
import {
  downloadTokenKeys,
  signDownloadToken,
  type DownloadClaims,
} from '../../src/downloads/download-tokens.ts';

function claimsOf(url: string) {
  return decodeJwt(tokenOf(url)) as unknown as DownloadClaims;
}

const encoded = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDatabase('downloads: ownership, links and races', (suite) => {
  let productA: ProductJson;
  let productB: ProductJson;
  before(async () => {
    [productA, productB] = await createProducts(suite.app, [5, 6]);
  });

  it("never shows or serves another user's purchases", async () => {
    const owner = await signedInUser(suite.app);
    const stranger = await signedInUser(suite.app);
    const order = await buy(suite.app, owner.client, [{ product: productA }]);

    const foreignOrder = await stranger.client.get(`/api/orders/${order.id}`);
    assert.equal(foreignOrder.statusCode, 404);
    assert.deepEqual(foreignOrder.json(), { message: 'Order not found' });
    assert.deepEqual(await purchased(stranger.client), []);
    assert.equal((await purchased(owner.client)).length, 1);

    const foreign = await requestDownload(stranger.client, productA.id);
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.json(), { message: 'Product not purchased' });
    assert.equal((await grantOf(suite.app, owner.user.id, productA.id)).remainingDownloads, 5);
  });

  it("a page of another site, or any navigation, spends no download; the store's fetch does", async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productA }]);
    const url = `/api/products/download/${productA.id}`;
    const refused: Record<string, string>[] = [
      // <a href> or a redirect on another site, and the same as a form's or frame's navigation.
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', origin: 'https://evil.example' },
      // Typed into the address bar, or a link on the store's own pages: a navigation, not a fetch.
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      // A browser without Sec-Fetch-* headers still sends Origin on a cross-origin fetch.
      { origin: 'https://evil.example' },
    ];
    for (const headers of refused) {
      const response = await owner.client.get(url, headers);
      assert.equal(response.statusCode, 403, JSON.stringify(headers));
      assert.deepEqual(response.json(), { message: "Downloads start from the store's own pages" });
    }
    assert.equal((await grantOf(suite.app, owner.user.id, productA.id)).remainingDownloads, 5);

    const storeFetch = await owner.client.get(url, {
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      origin: 'http://localhost:3000',
    });
    assert.equal(storeFetch.statusCode, 200, storeFetch.body);
    assert.equal(storeFetch.json<TicketJson>().remainingDownloads, 4);
  });

  it('a link only opens its own product: tampering 403, expired 410, garbage 403', async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productA }, { product: productB }]);
    const ticketA = await downloadTicket(owner.client, productA.id);
    const ticketB = await downloadTicket(owner.client, productB.id);
    const [header, payload, signature] = tokenOf(ticketA.downloadUrl).split('.') as [
      string,
      string,
      string,
    ];
    const claims = claimsOf(ticketA.downloadUrl);
    const base = ticketA.downloadUrl.slice(0, ticketA.downloadUrl.lastIndexOf('/') + 1);

    // Product B's id (or its file) in A's payload: the signature no longer matches.
    for (const changed of [
      { ...claims, p: productB.id },
      { ...claims, k: claimsOf(ticketB.downloadUrl).k },
      { ...claims, exp: claims.exp + 3600 },
    ]) {
      const response = await fetchLink(
        suite.app,
        `${base}${header}.${encoded(changed)}.${signature}`,
      );
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { message: 'Invalid download link' });
    }
    // Even correctly signed, a download of A cannot name product B or B's file.
    const keys = downloadTokenKeys(suite.app.config);
    for (const changed of [
      { ...claims, p: productB.id },
      { ...claims, k: claimsOf(ticketB.downloadUrl).k },
    ]) {
      const response = await fetchLink(
        suite.app,
        `${base}${await signDownloadToken(keys, changed)}`,
      );
      assert.equal(response.statusCode, 403);
    }
    const expired = await signDownloadToken(keys, {
      ...claims,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const gone = await fetchLink(suite.app, `${base}${expired}`);
    assert.equal(gone.statusCode, 410);
    assert.deepEqual(gone.json(), { message: 'Download link expired' });

    const headerWith = (changes: object) =>
      encoded({ ...decodeProtectedHeader(tokenOf(ticketA.downloadUrl)), ...changes });
    const preJwtPayload = encoded(claims);
    const preJwt = `${preJwtPayload}.${createHmac('sha256', suite.app.config.tokenSecret)
      .update(`download\0${preJwtPayload}`)
      .digest('base64url')}`;
    for (const token of [
      'nonsense',
      `${payload}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.x`,
      `${header}.${payload}.AAAA`,
      `${headerWith({ alg: 'none' })}.${payload}.`,
      `${headerWith({ alg: 'HS512' })}.${payload}.${signature}`,
      `${headerWith({ kid: 'another-key' })}.${payload}.${signature}`,
      // The same claims under the access tokens' key, and in the format before JWTs.
      await accessTokenKeys(suite.app.config).sign({ ...claims }),
      preJwt,
    ]) {
      assert.equal((await fetchLink(suite.app, `${base}${token}`)).statusCode, 403, token);
    }
    assert.equal((await fetchLink(suite.app, ticketA.downloadUrl)).statusCode, 200);
  });

  it('two parallel requests with one download left: one link, one refusal', async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productA }]);
    const grant = await grantOf(suite.app, owner.user.id, productA.id);
    await setGrant(suite.app, grant.id, { remainingDownloads: 1 });

    const responses = await Promise.all([
      requestDownload(owner.client, productA.id),
      requestDownload(owner.client, productA.id),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    assert.deepEqual(statuses, [200, 403]);
    const refused = responses.find((response) => response.statusCode === 403)!;
    assert.deepEqual(refused.json(), { message: 'Download limit reached' });
    const ticket = responses.find((response) => response.statusCode === 200)!.json<TicketJson>();
    assert.equal(ticket.remainingDownloads, 0);
    assert.equal((await grantOf(suite.app, owner.user.id, productA.id)).remainingDownloads, 0);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 1);
    assert.equal((await fetchLink(suite.app, ticket.downloadUrl)).statusCode, 200);
  });

  it('five parallel requests with five left: one download counted, the same link five times', async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productA }]);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => requestDownload(owner.client, productA.id)),
    );
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [200, 200, 200, 200, 200],
    );
    const tickets = responses.map((response) => response.json<TicketJson>());
    assert.equal(new Set(tickets.map((ticket) => ticket.downloadUrl)).size, 1);
    assert.deepEqual(
      tickets.map((ticket) => ticket.remainingDownloads),
      [4, 4, 4, 4, 4],
    );
    const grant = await grantOf(suite.app, owner.user.id, productA.id);
    assert.equal(grant.remainingDownloads, 4);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 1);
  });

  it('five parallel requests with one left: one link, four refusals', async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productB }]);
    const grant = await grantOf(suite.app, owner.user.id, productB.id);
    await setGrant(suite.app, grant.id, { remainingDownloads: 1 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => requestDownload(owner.client, productB.id)),
    );
    assert.deepEqual(
      responses.map((response) => response.statusCode).sort(),
      [200, 403, 403, 403, 403],
    );
    assert.equal((await grantOf(suite.app, owner.user.id, productB.id)).remainingDownloads, 0);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 1);
  });

  it('after the reuse window, parallel requests count exactly one more download', async () => {
    const owner = await signedInUser(suite.app);
    await buy(suite.app, owner.client, [{ product: productA }]);
    const first = await downloadTicket(owner.client, productA.id);
    const grant = await grantOf(suite.app, owner.user.id, productA.id);
    await setGrant(suite.app, grant.id, { lastIssuedAt: new Date(Date.now() - 60_000) });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => requestDownload(owner.client, productA.id)),
    );
    const tickets = responses.map((response) => response.json<TicketJson>());
    assert.equal(new Set(tickets.map((ticket) => ticket.downloadUrl)).size, 1);
    assert.notEqual(tickets[0]!.downloadUrl, first.downloadUrl);
    assert.equal((await grantOf(suite.app, owner.user.id, productA.id)).remainingDownloads, 3);
    assert.equal((await downloadsOf(suite.app, grant.id)).length, 2);
  });
});
