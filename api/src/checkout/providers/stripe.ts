import Stripe from 'stripe';
import {
  ProviderUnavailableError,
  RefundRefusedError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderSession,
  type RefundRequest,
} from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | null;
  api: { host: string | null; port: number | null; protocol: 'http' | 'https' | null };
  /** Per HTTP request to Stripe; a call may take (retries + 1) times this, plus back-off. */
  timeoutMs: number;
  maxNetworkRetries: number;
  /** Where Stripe sends the shopper after paying; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
}

const STRIPE_NAME_MAX = 40;

const COMPLETED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** An expandable field's id: Stripe sends the id, or the object when it was expanded. */
const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  return {
    id: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    paid,
    expired: !paid && session.status === 'expired',
    amountTotal: session.amount_total,
    paymentIntentId: paid ? idOf(session.payment_intent) : null,
  };
}

/** `requires_action` and `pending` are still on their way; `canceled` never will be. */
function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    status:
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending',
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The payment events the store acts on: a refund (full or partial, the store's own or one made
 * in Stripe's dashboard), a refund that failed after all, and a dispute. Anything else, or an
 * object without the fields these need, is null (acknowledged and ignored).
 */
function paymentEvent(type: string, object: Record<string, unknown>): ProviderEvent | null {
  const id = typeof object.id === 'string' ? object.id : null;
  const paymentIntentId = idOf(object.payment_intent);
  if (type === 'charge.refunded' && object.object === 'charge' && paymentIntentId) {
    const { amount, amount_refunded: refunded } = object;
    if (!isCount(amount) || !isCount(refunded)) return null;
    return {
      type: 'charge_refunded',
      paymentIntentId,
      amountCents: amount,
      amountRefundedCents: refunded,
    };
  }
  // `refund.failed`, and the older `charge.refund.updated` that reports the same.
  const failedRefund =
    type === 'refund.failed' || (type === 'charge.refund.updated' && object.status === 'failed');
  if (failedRefund && object.object === 'refund' && id) {
    return { type: 'refund_failed', refundId: id, paymentIntentId };
  }
  if (type === 'charge.dispute.created' && object.object === 'dispute' && id && paymentIntentId) {
    if (!isCount(object.amount)) return null;
    return { type: 'dispute_created', disputeId: id, paymentIntentId, amountCents: object.amount };
  }
  return null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/**
 * Stripe down, slow or failing on its side (after the client's own retries) becomes a
 * `ProviderUnavailableError`; a refused request (our parameters) stays what it is.
 */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError) {
      const timedOut = (error.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';
      throw new ProviderUnavailableError(error.message, timedOut, { cause: error });
    }
    if (
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
    ) {
      throw new ProviderUnavailableError(error.message, false, { cause: error });
    }
    throw error;
  }
}

/**
 * Stripe Checkout in payment mode, embedded in the cart page (Stripe.js 10 can no longer
 * redirect to a hosted session); every create carries an idempotency key per order.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api.host ? { host: options.api.host } : {}),
    ...(options.api.port ? { port: options.api.port } : {}),
    ...(options.api.protocol ? { protocol: options.api.protocol } : {}),
    // Retries are safe: every create carries an idempotency key, and reads change nothing.
    maxNetworkRetries: options.maxNetworkRetries,
    timeout: options.timeoutMs,
  });

  async function retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    try {
      return toProviderSession(await reaching(() => stripe.checkout.sessions.retrieve(sessionId)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function endSession(sessionId: string): Promise<ProviderSession | null> {
    try {
      return toProviderSession(await reaching(() => stripe.checkout.sessions.expire(sessionId)));
    } catch (error) {
      if (isMissing(error)) return null;
      // Stripe expires open sessions only: this one was paid or has expired already.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return retrieveSession(sessionId);
      throw error;
    }
  }

  async function listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    const page = await reaching(() =>
      stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }),
    );
    return page.data.map(toRefund);
  }

  /**
   * `refunds.create` without an amount refunds what is left of the payment. The idempotency key
   * is the order's (and the attempt's, after a failed refund): two admins, two instances or a
   * retry asking at once get Stripe's one refund back, never a second one. A line refund sends
   * its `amount` under its own key, which a refund of other lines from the same state shares:
   * Stripe refuses that one (its parameters differ) instead of refunding twice.
   */
  async function refund(request: RefundRequest): Promise<ProviderRefund> {
    let paymentIntent = request.paymentIntentId;
    if (!paymentIntent && request.sessionId) {
      // Completed before the payment was stored: the session knows it.
      const session = await retrieveSession(request.sessionId);
      paymentIntent = session?.paymentIntentId ?? null;
    }
    if (!paymentIntent) throw new RefundRefusedError('Stripe holds no payment for this order');
    const payment = paymentIntent;
    const idempotencyKey =
      request.lines?.idempotencyKey ??
      (request.attempt
        ? `refund:${request.orderId}:${request.attempt}`
        : `refund:${request.orderId}`);
    try {
      return toRefund(
        await reaching(() =>
          stripe.refunds.create(
            {
              payment_intent: payment,
              ...(request.lines ? { amount: request.amountCents } : {}),
              metadata: { orderId: request.orderId },
            },
            { idempotencyKey },
          ),
        ),
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      // Only a full refund may be the one already made in Stripe's dashboard.
      if (error.code === 'charge_already_refunded' && !request.lines) {
        // Refunded in Stripe's dashboard before its event arrived: that refund is the one.
        const [newest] = (await listRefunds(payment)).filter((item) => item.status !== 'failed');
        if (newest) return newest;
      }
      throw new RefundRefusedError(error.message, { cause: error });
    }
  }

  return {
    name: 'stripe',

    async createSession(request: CheckoutRequest) {
      const discounts: Stripe.Checkout.SessionCreateParams.Discount[] = [];
      const wanted = request.coupon;
      // Our discount in cents, not a percent: Stripe would round a percent per line its own
      // way, and the session must charge exactly the order's total.
      if (wanted && request.amountDiscount > 0) {
        const coupon = await reaching(() =>
          stripe.coupons.create(
            {
              amount_off: request.amountDiscount,
              currency: 'usd',
              duration: 'once',
              // Stripe takes 40 characters at most; every code is 32 at most.
              name: wanted.label.length <= STRIPE_NAME_MAX ? wanted.label : wanted.code,
              metadata: { orderId: request.orderId, code: wanted.code },
            },
            { idempotencyKey: `order-${request.orderId}-coupon` },
          ),
        );
        discounts.push({ coupon: coupon.id });
      }
      const session = await reaching(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: request.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: 'usd',
                unit_amount: line.unitAmount,
                product_data: { name: line.name },
              },
            })),
            ...(discounts.length ? { discounts } : {}),
            customer_email: request.customerEmail,
            client_reference_id: request.orderId,
            metadata: { orderId: request.orderId, userId: request.userId },
            // Embedded sessions take one return URL instead of success and cancel URLs: the
            // cart page's own Cancel button leaves for /purchase-cancel.
            ui_mode: 'embedded_page',
            return_url: options.successUrl,
          },
          { idempotencyKey: `order-${request.orderId}-session` },
        ),
      );
      if (!session.client_secret) {
        throw new Error(`Stripe session ${session.id} came without a client secret`);
      }
      return { id: session.id, clientSecret: session.client_secret };
    },

    retrieveSession,
    endSession,
    refund,
    listRefunds,

    parseWebhook(rawBody, headers): ProviderEvent {
      if (!options.webhookSecret) {
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
      }
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(header) ? header[0] : header) ?? '',
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      if (object.object !== 'checkout.session' || typeof object.id !== 'string') {
        return paymentEvent(event.type, object) ?? { type: 'ignored', eventType: event.type };
      }
      if (COMPLETED_EVENTS.has(event.type)) return { type: 'completed', sessionId: object.id };
      if (event.type === 'checkout.session.expired')
        return { type: 'expired', sessionId: object.id };
      if (event.type === 'checkout.session.async_payment_failed') {
        return { type: 'payment_failed', sessionId: object.id };
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}
