import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.ts';
import { downloadTokenKeys, signDownloadToken } from '../../src/downloads/download-tokens.ts';
import { outbox, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  dataUrl,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import { buy } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { grantOf, setGrant } from '../helpers/downloads.ts';
import { fanOutDone, updateMailJobs } from '../helpers/file-updates.ts';

type Buyer = Awaited<ReturnType<typeof signedInUser>>;

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = 'application/x-www-form-urlencoded';

/** A mail client's one-click post (RFC 8058): no cookies, and an Origin of its own or none. */
function oneClick(app: FastifyInstance, link: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: new URL(link).pathname,
    headers: { 'content-type': FORM, ...headers },
    payload: ONE_CLICK,
  });
}

async function optedOutAt(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select({ at: users.updateMailsOptedOutAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!.at;
}

describeEachDatabase('update mails: notify buyers of a new file, one-click opt-out', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let product: ProductJson;
  let buyers: Buyer[];
  let refunded: Buyer;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'mails');
    product = await createProduct(admin, catalog, { name: 'Brush Pack Deluxe' });
    buyers = [];
    for (let index = 0; index < 3; index += 1) {
      const buyer = await signedInUser(suite.app);
      await buy(suite.app, buyer.client, [{ product }]);
      buyers.push(buyer);
    }
    refunded = await signedInUser(suite.app);
    await buy(suite.app, refunded.client, [{ product }]);
    const grant = await grantOf(suite.app, refunded.user.id, product.id);
    await setGrant(suite.app, grant.id, { revokedAt: new Date() });
  });

  const buyerCount = async () => {
    const response = await admin.get(`/api/products/${product.id}/buyers`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ buyers: number }>().buyers;
  };

  const newVersion = async (text: string, note: string | null) => {
    const response = await admin.put(`/api/products/${product.id}`, {
      ...productBody(catalog, { name: product.name, price: product.price }),
      previewImage: undefined,
      originalAsset: dataUrl('text/plain', text),
      notifyBuyers: true,
      releaseNote: note,
    });
    assert.equal(response.statusCode, 200, response.body);
  };

  const updateMails = async (to: string) =>
    (await outbox(suite.app)).filter(
      (mail) => mail.to === to && mail.subject === 'An update to Brush Pack Deluxe is ready',
    );

  it('counts the buyers a mail would reach: not refunded, not opted out', async () => {
    assert.equal(await buyerCount(), 3);
  });

  it('mails each buyer once with the note, My Downloads and an opt-out link and headers', async () => {
    await newVersion('second file', 'Twelve new brushes.');
    assert.deepEqual(await fanOutDone(suite.app, product.id, 2), { buyers: 3, mails: 3 });
    const jobs = await updateMailJobs(suite.app, product.id, 2);
    assert.deepEqual(
      jobs.map((job) => job.to).sort(),
      buyers.map((buyer) => buyer.email).sort(),
      'one mail job per buyer, none for the refunded one',
    );
    assert.equal(new Set(jobs.map((job) => job.key)).size, 3);

    for (const buyer of buyers) {
      const mails = await updateMails(buyer.email);
      assert.equal(mails.length, 1, `one mail to ${buyer.email}`);
      const [mail] = mails;
      assert.match(mail!.text, /Twelve new brushes\./);
      assert.ok(mail!.links.includes(`${suite.config.appUrl}/orders`), 'My Downloads');
      const optOut = mail!.links.find((link) => link.includes('/update-mails/opt-out/'));
      assert.ok(optOut?.startsWith(`${suite.config.apiUrl}/api/account/`), `opt-out ${optOut}`);
      assert.deepEqual(mail!.headers, {
        'List-Unsubscribe': `<${optOut}>`,
        'List-Unsubscribe-Post': ONE_CLICK,
      });
    }
    assert.deepEqual(await updateMails(refunded.email), []);
  });

  it('opts out in one click, without cookies or an origin of ours, and only once', async () => {
    const [, , leaving] = buyers;
    const [mail] = await updateMails(leaving!.email);
    const link = mail!.links.find((candidate) => candidate.includes('/update-mails/opt-out/'))!;

    const page = await suite.app.inject({ method: 'GET', url: new URL(link).pathname });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /form-action 'self'/);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(page.body, /<form method="post" action="\/api\/account\/update-mails\/opt-out\//);
    assert.equal(await optedOutAt(suite.app, leaving!.user.id), null, 'a GET changes nothing');

    const posted = await oneClick(suite.app, link, { origin: 'https://mail.example' });
    assert.equal(posted.statusCode, 200, posted.body);
    assert.match(posted.body, /You are unsubscribed/);
    const at = await optedOutAt(suite.app, leaving!.user.id);
    assert.ok(at instanceof Date);
    assert.equal(await buyerCount(), 2);

    // Again, as multipart (RFC 8058 allows both) and signed in elsewhere: the same answer.
    const again = await suite.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        cookie: 'accessToken=whatever',
        origin: 'https://mail.example',
      },
      payload: `--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n`,
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(await optedOutAt(suite.app, leaving!.user.id), at, 'the first time stays');
    const shown = await suite.app.inject({ method: 'GET', url: new URL(link).pathname });
    assert.match(shown.body, /You are unsubscribed/);
    assert.doesNotMatch(shown.body, /<form/);
  });

  it('mails nobody who opted out or was refunded on the next update; all still get the download', async () => {
    const [first, second, leaving] = buyers;
    const before = await grantOf(suite.app, leaving!.user.id, product.id);
    await newVersion('third file', null);
    assert.deepEqual(await fanOutDone(suite.app, product.id, 3), { buyers: 3, mails: 2 });
    assert.deepEqual(
      (await updateMailJobs(suite.app, product.id, 3)).map((job) => job.to).sort(),
      [first!.email, second!.email].sort(),
    );
    assert.equal((await updateMails(leaving!.email)).length, 1, 'only the mail before');
    assert.equal((await updateMails(first!.email)).length, 2);
    const [latest] = await updateMails(first!.email);
    assert.doesNotMatch(latest!.text, /What changed/, 'no note, no note section');
    const after = await grantOf(suite.app, leaving!.user.id, product.id);
    assert.equal(after.remainingDownloads, before.remainingDownloads + 1);
  });

  it('refuses a link that is not ours with a 404 page, and changes nothing', async () => {
    const [first] = buyers;
    const [mail] = await updateMails(first!.email);
    const link = mail!.links.find((candidate) => candidate.includes('/update-mails/opt-out/'))!;
    const token = link.split('/').pop()!;
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ sub: refunded.user.id })).toString('base64url');
    // A genuine token of another kind: keys are per purpose.
    const downloadToken = await signDownloadToken(downloadTokenKeys(suite.config), {
      d: first!.user.id,
      p: product.id,
      k: 'x',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    for (const bad of [
      'not-a-token',
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${'A'.repeat(signature!.length)}`,
      downloadToken,
    ]) {
      const url = `/api/account/update-mails/opt-out/${bad}`;
      const page = await suite.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 404, bad);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const posted = await suite.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': FORM },
        payload: ONE_CLICK,
      });
      assert.equal(posted.statusCode, 404, bad);
    }
    assert.equal(await optedOutAt(suite.app, first!.user.id), null);
    assert.equal(await optedOutAt(suite.app, refunded.user.id), null);
  });
});
