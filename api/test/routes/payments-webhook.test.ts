import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { localCheckoutSessions } from '../../src/db/schema.ts';
import { signLocalWebhook } from '../../src/checkout/providers/local.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { checkout, createProducts, markLocalSessionPaid, orderOf } from '../helpers/checkout.ts';

const SECRET = 'test-local-webhook-secret';

describeEachDatabase(
  'payments: webhook',
  (suite) => {
    let product: ProductJson;
    before(async () => {
      [product] = await createProducts(suite.app, [12]);
    });

    const event = (type: string, sessionId: string) =>
      JSON.stringify({ id: `evt_${type}`, type, data: { object: { id: sessionId } } });

    const send = (body: string, signature: string | null, headers: Record<string, string> = {}) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'local-signature': signature } : {}),
          ...headers,
        },
        payload: body,
      });

    it('rejects missing, wrong, stale and tampered signatures with 400', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      await markLocalSessionPaid(suite.app, session.id);
      const body = event('checkout.session.completed', session.id);
      const stale = Math.floor(Date.now() / 1000) - 3600;
      for (const signature of [
        null,
        'garbage',
        signLocalWebhook('another-secret', body),
        signLocalWebhook(SECRET, body, stale),
        signLocalWebhook(SECRET, body.replace('completed', 'expired')),
      ]) {
        const response = await send(body, signature);
        assert.equal(response.statusCode, 400, String(signature));
        assert.equal(response.json().message, 'Webhook signature verification failed');
      }
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
    });

    it('verifies over the raw bytes and skips the origin check', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      await markLocalSessionPaid(suite.app, session.id);
      // Whitespace a JSON re-serialisation would lose must still verify.
      const body = `{ "type": "checkout.session.completed",\n  "data": {"object": {"id": "${session.id}"}} }`;
      const response = await send(body, signLocalWebhook(SECRET, body), {
        origin: 'https://hooks.example.net',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { received: true });
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
    });

    it('does not complete an unpaid session on a completed event', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      const body = event('checkout.session.completed', session.id);
      assert.equal((await send(body, signLocalWebhook(SECRET, body))).statusCode, 200);
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
    });

    it('marks the order failed on checkout.session.expired and ignores other events', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      const other = event('payment_intent.created', session.id);
      assert.equal((await send(other, signLocalWebhook(SECRET, other))).statusCode, 200);
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
      const body = event('checkout.session.expired', session.id);
      // The provider's state decides: an event for a session still open changes nothing.
      assert.equal((await send(body, signLocalWebhook(SECRET, body))).statusCode, 200);
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
      await suite.app.db
        .update(localCheckoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(localCheckoutSessions.id, session.id));
      assert.equal((await send(body, signLocalWebhook(SECRET, body))).statusCode, 200);
      assert.equal((await orderOf(suite.app, session.id)).status, 'failed');
    });

    it('acknowledges signed bodies that are not events, and refuses a NUL session id', async () => {
      for (const body of ['null', '42', '[]', '{"type":{"toString":1},"data":null}']) {
        const response = await send(body, signLocalWebhook(SECRET, body));
        assert.equal(response.statusCode, 200, `${body}: ${response.body}`);
        assert.deepEqual(response.json(), { received: true });
      }
      const nul = event('checkout.session.completed', 'cs_local_\u0000');
      const refused = await send(nul, signLocalWebhook(SECRET, nul));
      assert.equal(refused.statusCode, 400, refused.body);
    });
  },
  { env: { LOCAL_WEBHOOK_SECRET: SECRET } },
);
