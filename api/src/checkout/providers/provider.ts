/** What the store asks a payment provider for; amounts are integer cents (USD). */
export interface CheckoutRequest {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: { name: string; unitAmount: number; quantity: number }[];
  amountSubtotal: number;
  /** The discount in cents: the provider takes off exactly this, so it charges `amountTotal`. */
  amountDiscount: number;
  amountTotal: number;
  /** The code applied; `label` names it for the shopper: `CODE (10% off)`, `CODE ($5.00 off)`. */
  coupon: { code: string; label: string } | null;
}

/**
 * Where the shopper pays: a hosted page the client leaves for (the local provider), or Stripe's
 * embedded Checkout, which the client mounts on the cart page with the session's client secret.
 */
export type PaymentEntry = { url: string } | { clientSecret: string };

export type CreatedSession = PaymentEntry & {
  id: string;
  /**
   * The provider recorded the session id on the order itself, in the statement that stored the
   * session (a provider that keeps its sessions in the store's own database); otherwise the
   * payment service records it.
   */
  orderLinked?: boolean;
};

/** A provider's session as the store needs it. */
export interface ProviderSession {
  id: string;
  orderId: string | null;
  paid: boolean;
  /** No payment will happen any more (expired, or cancelled on the hosted page). */
  expired: boolean;
  amountTotal: number | null;
  /**
   * The payment a paid session made (Stripe's PaymentIntent `pi_...`; the session id itself for
   * the local provider), stored on the order at completion: refunds and the provider's refund
   * and dispute events find the order by it. Null while unpaid.
   */
  paymentIntentId: string | null;
}

/** A refund the store asks for, in full or of some lines; amounts are integer cents. */
export interface RefundRequest {
  orderId: string;
  /** The payment stored at completion; null for an order completed before it was stored. */
  paymentIntentId: string | null;
  /** Where the payment is found when the order has none stored. */
  sessionId: string | null;
  /** A full refund: what is left of the payment; a line refund: exactly what it gives back. */
  amountCents: number;
  /**
   * A refund of some lines: exactly `amountCents`, under this idempotency key of its own (one
   * per refund: the order's refunded units before it). Absent: the full refund of what is left.
   */
  lines?: { idempotencyKey: string };
  /**
   * Earlier full refunds of this order that the provider reported failed: a new attempt needs
   * an idempotency key of its own (the first attempt's would only replay the failed refund).
   */
  attempt: number;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  /** The provider's refund id (`re_...`); null when the provider has nothing to call (local). */
  id: string | null;
  /** The payment it refunds (looked up from the session when the order had none stored). */
  paymentIntentId: string | null;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

/**
 * A verified notification. A session event only names the session: the store asks the
 * provider for the session's state, so a late or replayed event can never undo a newer state.
 * Payment events (refunds, disputes) name the payment; each of them changes an order at most
 * once (a conditional UPDATE on its status), so a replay changes nothing.
 */
export type ProviderEvent =
  | { type: 'completed' | 'expired' | 'payment_failed'; sessionId: string }
  | {
      /**
       * Stripe's `charge.refunded`: some or all of a payment was refunded. Like a session event
       * it is a hint: the store lists the payment's refunds as they are now, so a late or
       * replayed event (one from before a refund failed) cannot refund an order again.
       */
      type: 'charge_refunded';
      paymentIntentId: string;
      /** What the payment charged, and what the event says was refunded of it (for the log). */
      amountCents: number;
      amountRefundedCents: number;
    }
  | { type: 'refund_failed'; refundId: string; paymentIntentId: string | null }
  | { type: 'dispute_created'; disputeId: string; paymentIntentId: string; amountCents: number }
  | { type: 'ignored'; eventType: string };

export class WebhookSignatureError extends Error {}

/**
 * The provider could not be reached, failed on its side or did not answer in time: the same
 * call may work later. Anything else a provider throws is a fault of the request itself.
 */
export class ProviderUnavailableError extends Error {
  readonly timedOut: boolean;

  constructor(message: string, timedOut: boolean, options?: ErrorOptions) {
    super(message, options);
    this.timedOut = timedOut;
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused a refund (not an outage: the same call would be refused again). */
export class RefundRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RefundRefusedError';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createSession(request: CheckoutRequest): Promise<CreatedSession>;
  /** null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Ends an open session so that it can no longer be paid (Stripe's "expire"), and answers the
   * session as it is then: expired, or paid when the shopper paid first. null when unknown.
   */
  endSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Refunds the order's payment in full (what is left of it after partial refunds), at most
   * once per order and attempt whoever calls, however often: Stripe by an idempotency key per
   * order and attempt; or, for `lines`, exactly `amountCents` under that refund's own key. Throws `RefundRefusedError` when the provider refuses it and
   * `ProviderUnavailableError` when it cannot be reached.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refunds of a payment as the provider has them now, newest first. */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Verifies the signature over the raw body; throws `WebhookSignatureError` when it fails. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
  close?(): Promise<void>;
}
