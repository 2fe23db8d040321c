import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { localCheckoutSessions, type LocalCheckoutSession } from '../../db/schema.ts';
import { linkingSession } from '../order-writes.ts';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSession,
} from './provider.ts';

export const LOCAL_SIGNATURE_HEADER = 'local-signature';
const SESSION_ID = /^cs_local_[A-Za-z0-9_-]{32}$/;
const TOLERANCE_SECONDS = 300;

export interface LocalProviderOptions {
  apiUrl: string;
  successUrl: string;
  cancelUrl: string;
  webhookSecret: string;
  sessionTtlSeconds: number;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, Stripe's scheme with another key. */
export function signLocalWebhook(secret: string, body: string | Buffer, timestamp?: number) {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${mac}`;
}

function verifySignature(secret: string, body: Buffer, header: string | undefined) {
  if (!header) throw new WebhookSignatureError('Missing webhook signature');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp outside the tolerance');
  }
  const expected = Buffer.from(signLocalWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Webhook signature does not match');
}

function isExpired(session: LocalCheckoutSession): boolean {
  return (
    session.status === 'expired' ||
    (session.status === 'open' && session.expiresAt.getTime() <= Date.now())
  );
}

export function toProviderSession(session: LocalCheckoutSession): ProviderSession {
  const paid = session.paymentStatus === 'paid';
  return {
    id: session.id,
    orderId: session.orderId,
    paid,
    expired: !paid && isExpired(session),
    amountTotal: session.amountTotal,
    // No payment object of its own: the paid session is the payment.
    paymentIntentId: paid ? session.id : null,
  };
}

export type HostedPageState = 'open' | 'paid' | 'expired';

/**
 * Stores a new session and points its order at it in one statement: one commit instead of two,
 * and no moment where the session exists but its order does not name it.
 */
const insertLinkedSession = preparedStatement<
  { id: string },
  {
    id: string;
    orderId: string;
    /** JSON of `[{name, unitAmount, quantity}]`. */
    lineItems: string;
    amountSubtotal: number;
    amountDiscount: number;
    amountTotal: number;
    discountLabel: string | null;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
    expiresAt: Date;
  }
>(
  'local_session_insert',
  linkingSession(sql`insert into local_checkout_sessions (id, order_id, line_items, amount_subtotal,
      amount_discount, amount_total, discount_label, customer_email, success_url, cancel_url,
      expires_at)
    values (${sql.placeholder('id')}::text, ${sql.placeholder('orderId')}::uuid,
      ${sql.placeholder('lineItems')}::jsonb, ${sql.placeholder('amountSubtotal')}::int,
      ${sql.placeholder('amountDiscount')}::int, ${sql.placeholder('amountTotal')}::int,
      ${sql.placeholder('discountLabel')}::text, ${sql.placeholder('customerEmail')}::text,
      ${sql.placeholder('successUrl')}::text, ${sql.placeholder('cancelUrl')}::text,
      ${sql.placeholder('expiresAt')}::timestamptz)
    returning id, order_id`),
);

/**
 * The built-in provider: sessions live in the store's own database and the api serves the
 * hosted page. Paying marks the session paid with one conditional UPDATE, as a provider would.
 */
export function createLocalProvider(db: Db, options: LocalProviderOptions) {
  // Built once: every checkout runs these (see db/prepared.ts).
  const sessionById = db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.id, sql.placeholder('id')))
    .prepare('local_session_by_id');
  const payOpen = db
    .update(localCheckoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', completedAt: sql`now()` })
    .where(
      and(
        eq(localCheckoutSessions.id, sql.placeholder('id')),
        eq(localCheckoutSessions.status, 'open'),
        gt(localCheckoutSessions.expiresAt, sql`now()`),
      ),
    )
    .returning()
    .prepare('local_session_pay');

  async function find(sessionId: string): Promise<LocalCheckoutSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    const [session] = await sessionById.execute({ id: sessionId });
    return session ?? null;
  }

  function successUrl(session: LocalCheckoutSession): string {
    return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
  }

  function stateOf(session: LocalCheckoutSession): HostedPageState {
    if (session.paymentStatus === 'paid') return 'paid';
    return isExpired(session) ? 'expired' : 'open';
  }

  /**
   * Pays an open, unexpired session; a second click finds it paid and changes nothing. The
   * UPDATE answers with the paid session; only a click that paid nothing reads it again.
   */
  async function pay(sessionId: string): Promise<LocalCheckoutSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    const [paid] = await payOpen.execute({ id: sessionId });
    return paid ?? find(sessionId);
  }

  /** Cancel ends an open session for good, like Stripe's "expire session". */
  async function cancel(sessionId: string): Promise<LocalCheckoutSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    await db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(
        and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')),
      );
    return find(sessionId);
  }

  const provider: PaymentProvider = {
    name: 'local',

    async createSession(request: CheckoutRequest) {
      const id = `cs_local_${randomBytes(24).toString('base64url')}`;
      await insertLinkedSession(db, {
        id,
        orderId: request.orderId,
        lineItems: JSON.stringify(request.lines),
        amountSubtotal: request.amountSubtotal,
        amountDiscount: request.amountDiscount,
        amountTotal: request.amountTotal,
        discountLabel: request.coupon?.label ?? null,
        customerEmail: request.customerEmail,
        successUrl: options.successUrl,
        cancelUrl: options.cancelUrl,
        expiresAt: new Date(Date.now() + options.sessionTtlSeconds * 1000),
      });
      return { id, url: `${options.apiUrl}/api/payments/local-checkout/${id}`, orderLinked: true };
    },

    async retrieveSession(sessionId) {
      const session = await find(sessionId);
      return session ? toProviderSession(session) : null;
    },

    async endSession(sessionId) {
      const session = await cancel(sessionId);
      return session ? toProviderSession(session) : null;
    },

    // Nothing was charged anywhere: the refund is what the store records (`order_refunds`).
    async refund(request) {
      return {
        id: null,
        paymentIntentId: request.paymentIntentId ?? request.sessionId,
        amountCents: request.amountCents,
        status: 'succeeded',
      };
    },

    async listRefunds() {
      return [];
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      const header = headers[LOCAL_SIGNATURE_HEADER];
      verifySignature(options.webhookSecret, rawBody, Array.isArray(header) ? header[0] : header);
      let event: { type?: unknown; data?: { object?: { id?: unknown } } } | null;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      // Signed but not an event object (`null`, a number, a non-string type): nothing to act on.
      const type = typeof event?.type === 'string' ? event.type : 'unknown';
      const id = event?.data?.object?.id;
      if (typeof id !== 'string') return { type: 'ignored', eventType: type };
      if (type === 'checkout.session.completed') return { type: 'completed', sessionId: id };
      if (type === 'checkout.session.expired') return { type: 'expired', sessionId: id };
      return { type: 'ignored', eventType: type };
    },
  };

  return { provider, find, pay, cancel, stateOf, successUrl };
}

export type LocalProvider = ReturnType<typeof createLocalProvider>;
