import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  ui_mode: string;
  /** Hosted sessions only, as with Stripe. */
  url: string | null;
  /** Embedded sessions only, as with Stripe. */
  client_secret: string | null;
  return_url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** Set when the session is paid (`paySession`), as Stripe does. */
  payment_intent: string | null;
}

/** A paid session's payment: its PaymentIntent and the charge that refunds count against. */
export interface FakePayment {
  id: string;
  charge: string;
  amount: number;
  amount_refunded: number;
}

/** A coupon as created: `amount_off` (cents, with `currency`) or `percent_off`. */
export interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  currency: string | null;
  percent_off: number | null;
  duration: string;
  name: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  created: number;
}

/** `error`: Stripe's 500 `api_error`; `hang`: the request is read and never answered. */
export type FakeOutage = 'none' | 'error' | 'hang';

/**
 * A few endpoints of Stripe's API, in-process on 127.0.0.1: coupons (`amount_off` or
 * `percent_off`, taken off the session's `amount_total`), Checkout Sessions (create, hosted or
 * embedded, retrieve and expire), refunds (create against a paid session's
 * payment, and list) with idempotent replays, and a record of every request. `outage` makes
 * creation (sessions, coupons, refunds) or retrieval fail or hang, as a Stripe incident would.
 * `paySession`, `dashboardRefund` and the `*Event` builders play Stripe's side: a shopper
 * paying, a refund made in Stripe's dashboard, and the webhook events the store handles.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const replays = new Map<string, string>();
  const coupons: string[] = [];
  const couponsById = new Map<string, FakeCoupon>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  /** The status a new refund gets (`pending` for a slow payment method). */
  const refundOutcome: { status: FakeRefund['status'] } = { status: 'succeeded' };
  const failures = { sessions: false };
  /** Runs after a refund is made and before its answer leaves (the refund is in `refunds`). */
  const hooks: { beforeRefundAnswer?: (refund: FakeRefund) => Promise<void> } = {};
  const outage: { create: FakeOutage; retrieve: FakeOutage } = { create: 'none', retrieve: 'none' };
  let counter = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      const answer = (status: number, body: unknown) => {
        const json = JSON.stringify(body);
        if (replayKey && status < 300) replays.set(replayKey, json);
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${counter}`,
        });
        res.end(json);
      };
      const phase = req.method === 'GET' ? outage.retrieve : outage.create;
      if (phase === 'hang') return;
      if (phase === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ error: { type: 'api_error', message: 'Simulated Stripe outage' } }),
        );
      }
      if (replayKey && replays.has(replayKey)) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(replays.get(replayKey));
      }
      counter += 1;
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
        const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
        // Stripe's own refusals: exactly one of the two, a positive amount with its currency.
        if ((amountOff === null) === (percentOff === null) || (amountOff ?? 1) <= 0) {
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'Invalid coupon parameters' },
          });
        }
        if (amountOff !== null && !params.currency) {
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'Missing required param: currency' },
          });
        }
        const coupon: FakeCoupon = {
          id: `coupon_${counter}`,
          object: 'coupon',
          amount_off: amountOff,
          currency: params.currency ?? null,
          percent_off: percentOff,
          duration: params.duration ?? 'once',
          name: params.name ?? null,
        };
        coupons.push(coupon.id);
        couponsById.set(coupon.id, coupon);
        return answer(200, coupon);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failures.sessions) {
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'Simulated rejection' },
          });
        }
        const id = `cs_test_${counter}`;
        let total = 0;
        for (let index = 0; params[`line_items[${index}][quantity]`]; index += 1) {
          total +=
            Number(params[`line_items[${index}][price_data][unit_amount]`]) *
            Number(params[`line_items[${index}][quantity]`]);
        }
        // The session's discount, taken off as Stripe takes it off the whole session.
        const discount = couponsById.get(params['discounts[0][coupon]'] ?? '');
        if (discount?.amount_off != null) total -= Math.min(discount.amount_off, total);
        else if (discount?.percent_off != null) {
          total -= Math.round((total * discount.percent_off) / 100);
        }
        const uiMode = params.ui_mode ?? 'hosted_page';
        const embedded = uiMode === 'embedded_page';
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          ui_mode: uiMode,
          url: embedded ? null : `https://checkout.stripe.test/c/pay/${id}`,
          client_secret: embedded ? `${id}_secret_${counter}` : null,
          return_url: params.return_url ?? null,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: total,
          client_reference_id: params.client_reference_id ?? null,
          metadata: { orderId: params['metadata[orderId]'] ?? '' },
          payment_intent: null,
        };
        sessions.set(id, session);
        return answer(200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const payment = payments.get(params.payment_intent ?? '');
        if (!payment) {
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${params.payment_intent}'`,
            },
          });
        }
        const left = payment.amount - payment.amount_refunded;
        const amount = params.amount === undefined ? left : Number(params.amount);
        if (left <= 0 || amount > left) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ${payment.charge} has already been refunded.`,
            },
          });
        }
        const refund = refundOf(payment, amount, params['metadata[orderId]']);
        const hook = hooks.beforeRefundAnswer;
        if (!hook) return answer(200, refund);
        // Stripe's side goes on before the store hears back (a webhook racing the answer).
        void hook(refund).then(() => answer(200, refund));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const paymentIntent = url.searchParams.get('payment_intent');
        return answer(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: refunds.filter((refund) => refund.payment_intent === paymentIntent).reverse(),
        });
      }
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expiring) {
        const session = sessions.get(decodeURIComponent(expiring[1]!));
        if (!session) {
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such session',
            },
          });
        }
        if (session.status !== 'open') {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
            },
          });
        }
        session.status = 'expired';
        return answer(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (session) return answer(200, session);
        return answer(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${match[1]}'`,
          },
        });
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function refundOf(payment: FakePayment, amount: number, orderId?: string): FakeRefund {
    counter += 1;
    const refund: FakeRefund = {
      id: `re_test_${counter}`,
      object: 'refund',
      amount,
      charge: payment.charge,
      payment_intent: payment.id,
      status: refundOutcome.status,
      metadata: orderId ? { orderId } : {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    payment.amount_refunded += amount;
    return refund;
  }

  /** The shopper pays: the session is complete and paid, with a PaymentIntent of its own. */
  function paySession(sessionId: string): FakePayment {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    if (session.status !== 'open')
      throw new Error(`fake session ${sessionId} is ${session.status}`);
    counter += 1;
    const payment: FakePayment = {
      id: `pi_test_${counter}`,
      charge: `ch_test_${counter}`,
      amount: session.amount_total ?? 0,
      amount_refunded: 0,
    };
    payments.set(payment.id, payment);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: payment.id,
    });
    return payment;
  }

  /** A refund made in Stripe's dashboard (no API call from the store); all that is left by default. */
  function dashboardRefund(paymentIntent: string, amount?: number): FakeRefund {
    const payment = payments.get(paymentIntent);
    if (!payment) throw new Error(`no fake payment ${paymentIntent}`);
    return refundOf(payment, amount ?? payment.amount - payment.amount_refunded);
  }

  const event = (type: string, object: unknown) =>
    JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });

  /** `charge.refunded` as Stripe sends it now: the charge, without its refunds. */
  function chargeRefundedEvent(paymentIntent: string): string {
    const payment = payments.get(paymentIntent);
    if (!payment) throw new Error(`no fake payment ${paymentIntent}`);
    return event('charge.refunded', {
      id: payment.charge,
      object: 'charge',
      amount: payment.amount,
      amount_refunded: payment.amount_refunded,
      refunded: payment.amount_refunded >= payment.amount,
      payment_intent: payment.id,
    });
  }

  /** The refund failed after all (`refund.failed`); the fake's refund is marked failed too. */
  function refundFailedEvent(refundId: string): string {
    const refund = refunds.find((item) => item.id === refundId);
    if (!refund) throw new Error(`no fake refund ${refundId}`);
    refund.status = 'failed';
    const payment = payments.get(refund.payment_intent);
    if (payment) payment.amount_refunded -= refund.amount;
    return event('refund.failed', { ...refund, failure_reason: 'expired_or_canceled_card' });
  }

  /** The buyer's bank disputes the payment (`charge.dispute.created`). */
  function disputeEvent(paymentIntent: string): string {
    const payment = payments.get(paymentIntent);
    if (!payment) throw new Error(`no fake payment ${paymentIntent}`);
    counter += 1;
    return event('charge.dispute.created', {
      id: `dp_test_${counter}`,
      object: 'dispute',
      amount: payment.amount,
      charge: payment.charge,
      payment_intent: payment.id,
      reason: 'fraudulent',
      status: 'needs_response',
    });
  }

  return {
    port,
    requests,
    sessions,
    coupons,
    couponsById,
    payments,
    refunds,
    refundOutcome,
    hooks,
    failures,
    outage,
    paySession,
    dashboardRefund,
    chargeRefundedEvent,
    refundFailedEvent,
    disputeEvent,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // requests left hanging
      }),
  };
}
