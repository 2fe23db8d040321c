import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { localCheckoutSessions } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { API_ORIGIN, checkout, createProducts, orderOf, pressButton } from '../helpers/checkout.ts';

describeEachDatabase('payments: local hosted checkout page', (suite) => {
  let plain: ProductJson;
  let markup: ProductJson;
  before(async () => {
    [plain] = await createProducts(suite.app, [20]);
    [markup] = await createProducts(suite.app, [5.5], {
      name: `<script>alert("x")</script> & 'quotes'`,
    });
  });

  const page = (sessionId: string) =>
    suite.app.inject({ method: 'GET', url: `/api/payments/local-checkout/${sessionId}` });

  it('renders the lines and the total with every value escaped', async () => {
    const { client, email } = await signedInUser(suite.app);
    const code = (await client.get('/api/coupons')).json<{ code: string }>().code;
    const session = await checkout(
      client,
      [
        { product: plain, quantity: 2 },
        { product: markup, quantity: 1 },
      ],
      code,
    );
    const response = await page(session.id);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    const html = response.body;
    assert.ok(!html.includes('<script>'), 'no raw markup from product names');
    assert.ok(
      html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;'),
    );
    assert.ok(html.includes(plain.name));
    assert.ok(html.includes('Qty 2 × $20.00'));
    assert.ok(html.includes(`${code} (10% off)`));
    assert.ok(html.includes('-$4.55'));
    assert.ok(html.includes('$40.95'));
    assert.ok(html.includes(email));
    assert.match(html, /<form method="post" action="\/api\/payments\/local-checkout\/[^"]+\/pay">/);
    assert.match(html, /<button type="submit" class="pay">Pay \$40\.95<\/button>/);
    assert.match(html, />Cancel</);

    assert.equal(typeof response.headers['content-security-policy'], 'string', 'one CSP only');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce && html.includes(`<style nonce="${nonce}">`));
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self' http:\/\/localhost:3000/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(response.headers['referrer-policy'], 'same-origin');
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('Pay completes the order and 303-redirects to the success URL', async () => {
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: plain }]);
    const paid = await pressButton(suite.app, session.id, 'pay');
    assert.equal(paid.statusCode, 303, paid.body);
    assert.equal(
      paid.headers.location,
      `http://localhost:3000/purchase-success?session_id=${session.id}`,
    );
    assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
    // A double submit lands on the success page again; the page now says it is paid.
    assert.equal((await pressButton(suite.app, session.id, 'pay')).statusCode, 303);
    const after = await page(session.id);
    assert.equal(after.statusCode, 410);
    assert.match(after.body, /This payment is complete/);
    const confirmed = await client.post('/api/payments/checkout-success', {
      sessionId: session.id,
    });
    assert.equal(confirmed.statusCode, 200);
  });

  it('Cancel redirects to the cancel URL and ends the session', async () => {
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: plain }]);
    const cancelled = await pressButton(suite.app, session.id, 'cancel');
    assert.equal(cancelled.statusCode, 303);
    assert.equal(cancelled.headers.location, 'http://localhost:3000/purchase-cancel');
    assert.equal((await orderOf(suite.app, session.id)).status, 'failed');
    const paid = await pressButton(suite.app, session.id, 'pay');
    assert.equal(paid.statusCode, 410);
    assert.equal((await orderOf(suite.app, session.id)).status, 'failed');
  });

  it('shows HTML error pages for unknown (404) and expired (410) sessions', async () => {
    for (const id of ['cs_local_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense', '%3Cscript%3E']) {
      const unknown = await page(id);
      assert.equal(unknown.statusCode, 404, id);
      assert.match(String(unknown.headers['content-type']), /^text\/html/);
      assert.match(unknown.body, /Checkout session not found/);
      assert.ok(!unknown.body.includes('<script>'));
      assert.equal((await pressButton(suite.app, id, 'pay')).statusCode, 404);
    }
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: plain }]);
    await suite.app.db
      .update(localCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localCheckoutSessions.id, session.id));
    const expired = await page(session.id);
    assert.equal(expired.statusCode, 410);
    assert.match(String(expired.headers['content-type']), /^text\/html/);
    assert.match(expired.body, /has expired/);
    assert.equal((await pressButton(suite.app, session.id, 'pay')).statusCode, 410);
    assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
  });

  it('accepts the form posts only from the own origin', async () => {
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: plain }]);
    const foreign = await suite.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${session.id}/pay`,
      headers: {
        origin: 'https://evil.example',
        cookie: 'accessToken=x',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    assert.equal(foreign.statusCode, 403);
    const wrongType = await suite.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${session.id}/pay`,
      headers: { origin: API_ORIGIN, 'content-type': 'text/plain' },
      payload: 'a=1',
    });
    assert.equal(wrongType.statusCode, 415);
    // Urlencoded bodies stay refused on the JSON routes.
    const elsewhere = await suite.app.inject({
      method: 'POST',
      url: '/api/payments/checkout-success',
      headers: { origin: API_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sessionId=${session.id}`,
    });
    assert.equal(elsewhere.statusCode, 415);
    assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
  });
});
