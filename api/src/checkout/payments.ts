import { MAX_QUANTITY } from '@store/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { orders, type Order, type User } from '../db/schema.ts';
import { HttpError, isUniqueViolation } from '../lib/http-error.ts';
import { isServiceOutage } from '../lib/service-outage.ts';
import { normalizeCouponCode } from '../cart/coupons.ts';
import {
  discountLabel,
  hasUseLimits,
  redeemCode,
  selectWithTypedCode,
  USED_UP,
  type Redemption,
} from '../discounts/redeem.ts';
import {
  floorOf,
  linePriceColumns,
  pricedLateral,
  type LinePriceRow,
} from '../pricing/line-prices.ts';
import { priceLines } from '../pricing/quote.ts';
import type { OrderService } from './orders.ts';
import type { PaymentEvent, RefundService } from './refunds.ts';
import { centsToDollars } from '../lib/money.ts';
import {
  failOrphanOrders,
  failPendingOrder,
  insertOrder,
  insertOrderUsingCoupon,
  insertOrderUsingDiscountCode,
  recordSessionStatement,
  type NewOrder,
} from './order-writes.ts';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentEntry,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSession,
} from './providers/provider.ts';

/** An order whose provider session was never stored (the create call died) is abandoned. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;
/** Checkouts opened at once with one coupon take turns ending each other this often at most. */
const COUPON_ROUNDS = 3;

const couponInUse = () => new HttpError(409, 'Coupon already in use in another checkout');

/**
 * A $0 order (a 100% code) has nothing to pay: it completes without the provider, under a
 * session id of its own that no provider could have issued (theirs are `cs_...`).
 */
const FREE_SESSION_PREFIX = 'free_';
const isFree = (order: Pick<Order, 'providerSessionId' | 'totalCents'>) =>
  order.totalCents === 0 && !!order.providerSessionId?.startsWith(FREE_SESSION_PREFIX);

export interface CheckoutInput {
  products: { id: string; quantity: number }[];
  couponCode: string | null;
}

export type CheckoutAnswer = PaymentEntry & { id: string; totalAmount: number };

export type Settlement = 'completed' | 'failed' | 'pending';

const isPaymentEvent = (event: ProviderEvent): event is PaymentEvent =>
  event.type === 'charge_refunded' ||
  event.type === 'refund_failed' ||
  event.type === 'dispute_created';

const timedOut = (error: unknown) => error instanceof ProviderUnavailableError && error.timedOut;

/** Nothing was charged: the shopper can simply try again. */
function checkoutUnavailable(error: unknown): HttpError {
  return timedOut(error)
    ? new HttpError(504, 'The payment provider did not answer in time. Please try again.')
    : new HttpError(502, 'The payment provider is unavailable. Please try again.');
}

/**
 * The shopper may have paid already: the order stays pending and completes when the provider
 * answers again (this page reloaded, its webhook or the reconciliation sweep).
 */
function confirmationUnavailable(error: unknown): HttpError {
  return new HttpError(
    timedOut(error) ? 504 : 502,
    'We could not confirm your payment with the payment provider yet. If you paid, your order ' +
      'will be completed automatically; please check again in a few minutes.',
  );
}

interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  orders: OrderService;
  /** The provider's refund and dispute events go to it. */
  refunds: Pick<RefundService, 'handleEvent'>;
  log: FastifyBaseLogger;
  /** Counts a customer's $0 checkouts (429 past the limit); none: unlimited. */
  limitFreeOrders?: (userId: string) => Promise<void>;
}

interface CheckoutRow extends LinePriceRow {
  id: string;
  name: string;
  categoryId: string;
  previewImageKey: string | null;
  /** The buyer owns it now, or has it in an open $0 checkout. */
  owned: boolean;
}

const alreadyOwned = (name: string) => new HttpError(400, `You already own ${name}`);

export function createPaymentService(deps: PaymentDeps) {
  const { db, provider, log } = deps;

  // The statements of every checkout, built once (see db/prepared.ts for why).
  const buyer = sql`${sql.placeholder('userId')}::uuid`;
  const p = sql.raw('p');
  // Priced as the cart and its quote price them (`pricing/line-prices.ts`); the buyer's own
  // pay-what-you-want price is their cart line's. Read in one statement with the typed code.
  const liveProducts = sql`select p.id, p.name, p.category_id as "categoryId",
      p.preview_image_key as "previewImageKey", ${linePriceColumns(p)},
      (exists (select 1 from purchase_grants g
          where g.user_id = ${buyer} and g.product_id = p.id and g.revoked_at is null)
        or exists (select 1 from orders o join order_items oi on oi.order_id = o.id
          where o.user_id = ${buyer} and o.status = 'pending' and o.total_cents = 0
            and oi.product_id = p.id)) as owned
    from products p
    ${pricedLateral(
      p,
      sql`(select c.custom_price_cents from cart_items c
        where c.user_id = ${buyer} and c.product_id = p.id)`,
      buyer,
    )}
    where p.id = any(${sql.placeholder('ids')}::uuid[]) and p.deleted_at is null`;
  const checkoutRead = selectWithTypedCode(db, {
    products: sql<CheckoutRow[]>`(select coalesce(json_agg(product), '[]'::json)
      from (${liveProducts}) product)`,
  }).prepare('checkout_read');
  /**
   * A product of $0 order `orderId` that another $0 order of the same buyer (open or completed)
   * holds too. Asked under the buyer's row lock (`claimFree`), never by creation time: an order
   * created first can commit last, and each of two checkouts would then find no earlier one.
   */
  const freeRival = preparedStatement<{ name: string }, { orderId: string }>(
    'checkout_free_rival',
    sql`select mi.name from orders mine
      join order_items mi on mi.order_id = mine.id
      join order_items oi on oi.product_id = mi.product_id and oi.order_id <> mine.id
      join orders o on o.id = oi.order_id
      where mine.id = ${sql.placeholder('orderId')}::uuid and o.user_id = mine.user_id
        and o.total_cents = 0 and o.status in ('pending', 'completed', 'partially_refunded')
      limit 1`,
  );
  const lockBuyer = preparedStatement<{ id: string }, { userId: string }>(
    'checkout_lock_buyer',
    sql`select id from users where id = ${sql.placeholder('userId')}::uuid for no key update`,
  );
  const orderBySession = db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sql.placeholder('sessionId')))
    .prepare('order_by_session');
  const pendingWithCoupon = db
    .select()
    .from(orders)
    .where(and(eq(orders.couponId, sql.placeholder('couponId')), eq(orders.status, 'pending')))
    .prepare('order_pending_with_coupon');
  // The customer's own only: another customer's checkout with the code is never ended.
  const pendingWithCode = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.discountCodeId, sql.placeholder('codeId')),
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.status, 'pending'),
      ),
    )
    .prepare('order_pending_with_code');
  const recordSession = recordSessionStatement(db);

  function mergeLines(lines: CheckoutInput['products']): Map<string, number> {
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.id, (merged.get(line.id) ?? 0) + line.quantity);
    for (const quantity of merged.values()) {
      if (quantity > MAX_QUANTITY) {
        throw new HttpError(400, 'Quantity must be between 1 and 99');
      }
    }
    return merged;
  }

  /**
   * Prices come from the database; whatever the client says a product costs is ignored. The
   * code is resolved and applied as the cart's quote applies it (`discounts/redeem.ts`,
   * `pricing/quote.ts`), so checkout charges what the quote showed, to the cent.
   */
  async function createCheckoutSession(user: User, input: CheckoutInput): Promise<CheckoutAnswer> {
    const quantities = mergeLines(input.products);
    const ids = [...quantities.keys()];
    const [read] = await checkoutRead.execute({
      ids,
      userId: user.id,
      code: input.couponCode === null ? null : normalizeCouponCode(input.couponCode),
    });
    const rows = read?.products ?? [];
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length) {
      throw new HttpError(400, 'Some products in your cart are no longer available', {
        productIds: missing,
      });
    }
    const typed = { coupon: read?.coupon ?? null, discountCode: read?.discountCode ?? null };
    const redemption = input.couponCode
      ? await redeemCode(db, async () => typed, user.id, input.couponCode)
      : null;

    const lines = ids.map((id) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      return { ...row, quantity: quantities.get(id)! };
    });
    const figures = priceLines(
      lines.map((line) => ({
        productId: line.id,
        categoryId: line.categoryId,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        floorCents: floorOf(line, line.quantity),
      })),
      redemption?.rule ?? null,
    );
    const { subtotalCents: subtotal, discountCents: discount, totalCents: total } = figures;
    // A $0 order is had once per customer and product, and only so many an hour.
    if (total === 0) {
      const owned = lines.find((line) => line.owned);
      if (owned) throw alreadyOwned(owned.name);
      await deps.limitFreeOrders?.(user.id);
    }

    const newOrder: NewOrder = {
      userId: user.id,
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: total,
      couponId: redemption?.coupon?.id ?? null,
      discountCodeId: redemption?.discountCode?.id ?? null,
      couponCode: redemption?.code ?? null,
      discountPercentage:
        redemption?.rule.kind === 'percent' ? (redemption.rule.percentOff ?? null) : null,
      provider: provider.name,
      lines: JSON.stringify(
        lines.map((line, index) => ({
          product_id: line.id,
          name: line.name,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          discount_cents: figures.lines[index]!.discountCents,
          preview_image_key: line.previewImageKey,
        })),
      ),
    };
    const order = await insertNewOrder(newOrder, redemption);

    if (total === 0) {
      const rival = await claimFree(order.id, user.id);
      if (rival) throw alreadyOwned(rival);
      return completeFree(order.id);
    }

    let session;
    try {
      session = await provider.createSession({
        orderId: order.id,
        userId: user.id,
        customerEmail: user.email,
        lines: lines.map((line) => ({
          name: line.name,
          unitAmount: line.unitPriceCents,
          quantity: line.quantity,
        })),
        amountSubtotal: subtotal,
        amountDiscount: discount,
        amountTotal: total,
        coupon: redemption
          ? { code: redemption.code, label: discountLabel(redemption, discount) }
          : null,
      });
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'creating the payment session failed');
      // Nobody got the session's url or client secret, so nothing can be paid for this order.
      // Should the database be down as well, the order stays pending without a session and the
      // sweep fails it later.
      await deps.orders.fail(order.id);
      // The local provider keeps its sessions in the database: an outage there is the api's.
      if (isServiceOutage(error)) throw error;
      throw checkoutUnavailable(error);
    }
    if (!session.orderLinked) {
      await recordSession.execute({ sessionId: session.id, orderId: order.id });
    }
    const totalAmount = centsToDollars(total);
    // Spelled out: the answer's schema is a union, and a field of neither shape matches none.
    return 'clientSecret' in session
      ? { id: session.id, clientSecret: session.clientSecret, totalAmount }
      : { id: session.id, url: session.url, totalAmount };
  }

  async function insertNewOrder(newOrder: NewOrder, redemption: Redemption | null) {
    if (redemption?.coupon) return insertHoldingCoupon(newOrder, redemption.coupon.id);
    if (redemption?.discountCode) {
      return insertHoldingCode(newOrder, hasUseLimits(redemption.discountCode));
    }
    const [order] = await insertOrder(db, newOrder);
    if (!order) throw new Error('order insert returned nothing');
    return order;
  }

  /**
   * Of two $0 checkouts of one product opened at once, exactly one goes on: the checks take
   * turns, and the second sees the first one's order (its own then fails) or its failure.
   * Answers the product another order holds, with this one failed.
   */
  async function claimFree(orderId: string, userId: string): Promise<string | null> {
    return db.transaction(async (tx) => {
      await lockBuyer(tx, { userId });
      const [rival] = await freeRival(tx, { orderId });
      if (rival) await failPendingOrder(tx, orderId);
      return rival?.name ?? null;
    });
  }

  /**
   * A $0 order completes here, without the provider: its session id is stored first, so should
   * the completion fail, the success page or the sweep completes it (`settle`). The answer
   * sends the shopper straight to the success page, which confirms it as any other.
   */
  async function completeFree(orderId: string): Promise<CheckoutAnswer> {
    const sessionId = `${FREE_SESSION_PREFIX}${orderId}`;
    await recordSession.execute({ sessionId, orderId });
    await deps.orders.complete({ id: orderId, totalCents: 0 }, null);
    return { id: sessionId, url: `/purchase-success?session_id=${sessionId}`, totalAmount: 0 };
  }

  /**
   * A seller's code: inserted under the code's row lock with its uses counted
   * (`insertOrderUsingDiscountCode`); the customer's own open checkout with the code is ended
   * first, as for a coupon. The loser of a race for the last use gets 409.
   */
  async function insertHoldingCode(newOrder: NewOrder, limited: boolean) {
    for (let round = 1; ; round += 1) {
      const outcome = await insertOrderUsingDiscountCode(db, newOrder, limited);
      if ('order' in outcome) return outcome.order;
      if ('refusal' in outcome) {
        if (outcome.refusal === 'gone') throw new HttpError(404, 'Coupon not found');
        throw new HttpError(outcome.refusal === USED_UP ? 409 : 400, outcome.refusal);
      }
      if (round === COUPON_ROUNDS) throw couponInUse();
      const [holder] = await pendingWithCode.execute({
        codeId: newOrder.discountCodeId,
        userId: newOrder.userId,
      });
      await endCheckoutHolding(holder);
    }
  }

  /**
   * A coupon is held by one open checkout at most: the order is inserted once the checkout that
   * held the coupon has ended at the provider. A coupon consumed meanwhile (the earlier
   * checkout was paid) is refused with 409.
   */
  async function insertHoldingCoupon(newOrder: NewOrder, couponId: string) {
    for (let round = 1; ; round += 1) {
      try {
        const order = await insertOrderUsingCoupon(db, newOrder);
        if (!order) throw couponInUse();
        return order;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (round === COUPON_ROUNDS) throw couponInUse();
      }
      const [holder] = await pendingWithCoupon.execute({ couponId });
      await endCheckoutHolding(holder);
    }
  }

  /**
   * Ends the pending order that holds the coupon or code: its session is expired at the
   * provider and the order failed, or, when the provider says it was paid, the order completes
   * and the coupon or code stays with it (409). A $0 order was never the provider's: it
   * completes.
   */
  async function endCheckoutHolding(holder: Order | undefined): Promise<void> {
    if (!holder) return;
    if (isFree(holder)) {
      await settle(holder);
      throw couponInUse();
    }
    if (!holder.providerSessionId) {
      // Being opened right now; one whose provider call died is abandoned after the hour.
      if (Date.now() - holder.createdAt.getTime() < ORPHAN_AFTER_MS) throw couponInUse();
      await deps.orders.fail(holder.id);
      return;
    }
    let session;
    try {
      session = await provider.endSession(holder.providerSessionId);
    } catch (error) {
      if (isServiceOutage(error)) throw error;
      log.error(
        { err: error, orderId: holder.id },
        'ending the checkout that held the coupon failed',
      );
      throw checkoutUnavailable(error);
    }
    if (session?.paid) {
      await settle(holder, false, session);
      throw couponInUse();
    }
    if (session && !session.expired) throw couponInUse();
    await deps.orders.fail(holder.id);
  }

  async function orderOfSession(sessionId: string): Promise<Order | null> {
    const [order] = await orderBySession.execute({ sessionId });
    return order ?? null;
  }

  /**
   * Brings a pending order in line with its provider session: paid completes it (exactly
   * once), expired fails it, anything else leaves it pending. `paymentFailed` (a delayed
   * payment method that failed) fails it unless the provider says paid.
   */
  async function settle(
    order: Order,
    paymentFailed = false,
    known?: ProviderSession,
  ): Promise<Settlement> {
    if (order.status === 'completed' || order.status === 'failed') return order.status;
    // Refunded and disputed orders were paid: to the success page they are completed.
    if (order.status !== 'pending') return 'completed';
    if (!order.providerSessionId) return 'pending';
    if (isFree(order)) {
      await deps.orders.complete(order, null);
      return 'completed';
    }
    let session;
    try {
      session =
        known?.id === order.providerSessionId
          ? known
          : await provider.retrieveSession(order.providerSessionId);
    } catch (error) {
      if (isServiceOutage(error)) throw error;
      log.error({ err: error, orderId: order.id }, 'retrieving the payment session failed');
      throw confirmationUnavailable(error);
    }
    if (!session) return 'pending';
    if (session.paid) {
      if (session.amountTotal !== null && session.amountTotal !== order.totalCents) {
        log.warn(
          { orderId: order.id, charged: session.amountTotal, expected: order.totalCents },
          'the provider charged a different total',
        );
      }
      await deps.orders.complete(order, session.paymentIntentId);
      return 'completed';
    }
    if (session.expired || paymentFailed) {
      await deps.orders.fail(order.id);
      return 'failed';
    }
    return 'pending';
  }

  /** The success page's call: 404 for unknown or someone else's session, 400 unless paid. */
  async function confirm(userId: string, sessionId: string) {
    const order = await orderOfSession(sessionId);
    if (!order || order.userId !== userId) throw new HttpError(404, 'Checkout session not found');
    const outcome = await settle(order);
    if (outcome === 'failed') {
      throw new HttpError(400, 'This checkout session was cancelled or has expired');
    }
    if (outcome === 'pending') throw new HttpError(400, 'Payment has not been completed');
    return {
      success: true as const,
      message: 'Payment successful, order created, and coupon deactivated if used.',
      orderId: order.id,
    };
  }

  /**
   * Settles whatever order a session belongs to (local Pay/Cancel buttons, webhooks). `known`
   * is the provider's own answer about the session when the caller just got it from the
   * provider (the local Pay button's conditional UPDATE returns it), so it is not asked twice.
   */
  async function settleSession(
    sessionId: string,
    paymentFailed = false,
    known?: ProviderSession,
  ): Promise<Settlement | null> {
    const order = await orderOfSession(sessionId);
    if (!order) return null;
    return settle(order, paymentFailed, known);
  }

  async function handleWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ) {
    let event;
    try {
      event = provider.parseWebhook(rawBody, headers);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      log.warn({ reason: error.message }, 'webhook rejected');
      throw new HttpError(400, 'Webhook signature verification failed');
    }
    if (event.type === 'ignored') return { received: true };
    if (isPaymentEvent(event)) {
      try {
        await deps.refunds.handleEvent(event);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        log.error({ err: error, event: event.type }, 'a payment event could not be handled yet');
        // Answered 502/504: the provider sends the event again later.
        throw confirmationUnavailable(error);
      }
      return { received: true };
    }
    const outcome = await settleSession(event.sessionId, event.type === 'payment_failed');
    if (outcome === null)
      log.warn({ sessionId: event.sessionId }, 'webhook for an unknown session');
    return { received: true };
  }

  /**
   * Reconciles orders left pending (a success page that never loaded, a lost webhook, a
   * crash): asks the provider about each and completes or fails it. A $0 order left pending
   * completes without asking (`settle`).
   */
  async function sweep() {
    const result = { completed: 0, failed: 0, pending: 0 };
    const pending = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(orders.provider, provider.name),
          isNotNull(orders.providerSessionId),
        ),
      );
    for (const order of pending) {
      try {
        result[await settle(order)] += 1;
      } catch (error) {
        result.pending += 1;
        log.error({ err: error, orderId: order.id }, 'reconciling a pending order failed');
      }
    }
    const orphans = await failOrphanOrders(db, new Date(Date.now() - ORPHAN_AFTER_MS));
    result.failed += orphans;
    if (pending.length || orphans) log.info(result, 'pending orders reconciled');
    return result;
  }

  return { createCheckoutSession, confirm, settleSession, handleWebhook, sweep };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
