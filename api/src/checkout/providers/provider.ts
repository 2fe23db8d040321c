/** What the store asks a payment provider for; amounts are integer cents (USD). */
export interface CheckoutRequest {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: { name: string; unitAmount: number; quantity: number }[];
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  coupon: { code: string; percentOff: number } | null;
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
}

/**
 * A verified notification. It only names the session: the store asks the provider for the
 * session's state, so a late or replayed event can never undo a newer state.
 */
export type ProviderEvent =
  | { type: 'completed' | 'expired' | 'payment_failed'; sessionId: string }
  | { type: 'ignored'; eventType: string };

export class WebhookSignatureError extends Error {}

/**
 * The provider could not be reached, failed on its side or did not answer in time: the same
 * call may work later. Anything else a provider throws is a fault of the request itself.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createSession(request: CheckoutRequest): Promise<CreatedSession>;
  /** null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Verifies the signature over the raw body; throws `WebhookSignatureError` when it fails. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
  close?(): Promise<void>;
}
