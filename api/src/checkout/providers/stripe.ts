import Stripe from 'stripe';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSession,
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

const COMPLETED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  return {
    id: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    paid,
    expired: !paid && session.status === 'expired',
    amountTotal: session.amount_total,
  };
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

  return {
    name: 'stripe',

    async createSession(request: CheckoutRequest) {
      const discounts: Stripe.Checkout.SessionCreateParams.Discount[] = [];
      const wanted = request.coupon;
      if (wanted) {
        const coupon = await reaching(() =>
          stripe.coupons.create(
            {
              percent_off: wanted.percentOff,
              duration: 'once',
              name: wanted.code,
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

    async retrieveSession(sessionId) {
      try {
        return toProviderSession(
          await reaching(() => stripe.checkout.sessions.retrieve(sessionId)),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

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
      const object = event.data.object as { object?: string; id?: string };
      if (object.object !== 'checkout.session' || typeof object.id !== 'string') {
        return { type: 'ignored', eventType: event.type };
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
