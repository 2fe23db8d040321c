import type { AdminOrder } from '@store/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orderRefunds, orders, type Order } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isServiceOutage } from '../lib/service-outage.ts';
import type { BackgroundMailer } from '../infrastructure/mail/background.ts';
import { orderRefundMail } from '../infrastructure/mail/templates.ts';
import {
  consumeAgain,
  reinstateReward,
  restoreUsedCoupon,
  revokeReward,
} from '../cart/coupon-ledger.ts';
import { restoreGrants, revokeGrants } from './grants.ts';
import { markOrderTakenBack, restoreRefundedOrder, type TakenBackOrder } from './order-writes.ts';
import type { OrderService } from './orders.ts';
import {
  ProviderUnavailableError,
  RefundRefusedError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
} from './providers/provider.ts';

/**
 * What later domains keep in step with a buyer's access (reviews hide while their author no
 * longer owns the product), run in the transaction that takes the access back or gives it back.
 */
export interface AccessHooks {
  /** After the order's grants were revoked; true when it changed what the public sees. */
  revoked(tx: Db, orderId: string): Promise<boolean>;
  /** After a failed refund gave the order's grants back; true as for `revoked`. */
  restored(tx: Db, orderId: string): Promise<boolean>;
  /** After the commit of a transaction in which either answered true. */
  changed(): Promise<void>;
}

interface RefundDeps {
  db: Db;
  access: AccessHooks;
  provider: PaymentProvider;
  orders: Pick<OrderService, 'adminView'>;
  config: Pick<AppConfig, 'appUrl'>;
  /** Queues the buyer's refund mail after the refund committed. */
  mail: BackgroundMailer;
  log: FastifyBaseLogger;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a refund or a dispute takes back, and how the store records it. */
interface TakeBack {
  kind: 'full' | 'dispute';
  status: 'succeeded' | 'pending';
  /** Null: the order's total. */
  amountCents: number | null;
  providerRefundId: string | null;
  paymentIntentId: string | null;
}

interface TakenBack {
  order: TakenBackOrder;
  email: string;
  name: string;
}

export type PaymentEvent = Extract<
  ProviderEvent,
  { type: 'charge_refunded' | 'refund_failed' | 'dispute_created' }
>;

/** Why an order that is not completed cannot be refunded (409). */
function notRefundable(status: Order['status']): HttpError {
  switch (status) {
    case 'refunded':
      return new HttpError(409, 'Order already refunded');
    case 'disputed':
      return new HttpError(
        409,
        "Order is disputed: the buyer's bank is taking the payment back, so it cannot be refunded as well",
      );
    case 'pending':
      return new HttpError(
        409,
        'Only a completed order can be refunded: this one is still pending (it was never paid)',
      );
    default:
      return new HttpError(
        409,
        'Only a completed order can be refunded: this one failed (nothing was charged)',
      );
  }
}

/**
 * Refunds, and the provider's refund and dispute events. Every change of an order's status is
 * one conditional UPDATE in `order-writes.ts`; the caller it picks does the rest in the same
 * transaction, so an order is refunded (access, coupons, the refund's record, the mail) at most
 * once, whoever asks and however often.
 */
export function createRefundService(deps: RefundDeps) {
  const { db, provider, log } = deps;
  /** The provider call each order's refund is waiting for on this instance. */
  const inFlight = new Map<string, Promise<ProviderRefund>>();

  async function orderRow(orderId: string): Promise<Order | null> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    return order ?? null;
  }

  async function orderOfPayment(paymentIntentId: string): Promise<Order | null> {
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, paymentIntentId));
    return order ?? null;
  }

  /**
   * The buyer's row, locked as completion locks it: a user's coupon changes (a completion's
   * reward, a refund's take-back and give-back) run one after the other, and the one-active
   * coupon rule is checked against settled rows.
   */
  async function lockBuyer(tx: Tx, userId: string) {
    const result = (await tx.execute(
      sql`select email, name from users where id = ${userId} for update`,
    )) as unknown as { rows: { email: string; name: string }[] };
    const buyer = result.rows[0];
    if (!buyer) throw new Error(`order buyer ${userId} not found`);
    return buyer;
  }

  /**
   * One transaction: the conditional UPDATE picks the one caller that refunds (or disputes) a
   * completed order; only that caller takes back grants and coupons and records the refund.
   * Null for every other caller, who changed nothing.
   */
  async function takeBack(orderId: string, what: TakeBack): Promise<TakenBack | null> {
    let changedPublic = false;
    const done = await db.transaction(async (tx) => {
      const status = what.kind === 'dispute' ? 'disputed' : 'refunded';
      const order = await markOrderTakenBack(tx, orderId, status, what.paymentIntentId);
      if (!order) return null;
      const buyer = await lockBuyer(tx, order.userId);
      await revokeGrants(tx, order.id);
      changedPublic = await deps.access.revoked(tx, order.id);
      const revokedCouponId = await revokeReward(tx, order.id);
      const restoredCouponId = await restoreUsedCoupon(tx, order);
      await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          kind: what.kind,
          status: what.status,
          amountCents: what.amountCents ?? order.totalCents,
          providerRefundId: what.providerRefundId,
          revokedCouponId,
          restoredCouponId,
        })
        .onConflictDoNothing({ target: orderRefunds.providerRefundId });
      return { order, email: buyer.email, name: buyer.name };
    });
    if (changedPublic) await deps.access.changed();
    return done;
  }

  /** After commit: the buyer's mail (queued; a failure to queue is logged, never thrown). */
  async function mailRefund({ order, email, name }: TakenBack) {
    const lines = await db
      .select({ name: orderItems.name, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    await deps.mail.post(
      orderRefundMail(
        email,
        name,
        { shortId: order.id.slice(-8), lines, total: (order.totalCents / 100).toFixed(2) },
        `${deps.config.appUrl}/orders`,
      ),
      { orderId: order.id },
      'queueing the refund mail failed',
    );
  }

  /** Earlier full refunds of the order that the provider reported failed. */
  async function failedAttempts(orderId: string): Promise<number> {
    const rows = await db
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, orderId),
          eq(orderRefunds.kind, 'full'),
          eq(orderRefunds.status, 'failed'),
        ),
      );
    return rows.length;
  }

  /**
   * One provider call per order and attempt on this instance: requests that arrive while it
   * runs wait for it instead of calling again (the provider's idempotency key covers other
   * instances).
   */
  function providerRefund(order: Order, attempt: number): Promise<ProviderRefund> {
    // A $0 order (a 100% code) never went through the provider: nothing to give back there.
    if (order.totalCents === 0) {
      return Promise.resolve({
        id: null,
        paymentIntentId: null,
        amountCents: 0,
        status: 'succeeded',
      });
    }
    const key = `${order.id}:${attempt}`;
    let call = inFlight.get(key);
    if (!call) {
      call = provider
        .refund({
          orderId: order.id,
          paymentIntentId: order.paymentIntentId,
          sessionId: order.providerSessionId,
          amountCents: order.totalCents,
          attempt,
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
    }
    return call;
  }

  /**
   * The admin's refund of a completed order, in full: the provider first (nothing is changed
   * here when it fails), then the one transaction. 409 for an order that is not completed,
   * and for every request but the one whose UPDATE refunded it.
   */
  async function refund(orderId: string): Promise<AdminOrder> {
    const order = await orderRow(orderId);
    if (!order) throw new HttpError(404, 'Order not found');
    if (order.status !== 'completed') throw notRefundable(order.status);

    let refunded: ProviderRefund;
    try {
      refunded = await providerRefund(order, await failedAttempts(order.id));
    } catch (error) {
      if (isServiceOutage(error)) throw error;
      // Refunded meanwhile (another admin, the provider's event): say so, not the failure.
      const now = await orderRow(orderId);
      if (now && now.status !== 'completed') throw notRefundable(now.status);
      log.error({ err: error, orderId }, 'the payment provider did not refund the order');
      if (error instanceof ProviderUnavailableError) {
        throw new HttpError(
          error.timedOut ? 504 : 502,
          'The payment provider did not answer. Please try again: an order is never refunded twice.',
        );
      }
      if (error instanceof RefundRefusedError) {
        throw new HttpError(502, `The payment provider refused the refund: ${error.message}`);
      }
      throw error;
    }
    if (refunded.status === 'failed') {
      throw new HttpError(502, 'The payment provider could not refund this payment');
    }

    const done = await takeBack(order.id, {
      kind: 'full',
      status: refunded.status,
      amountCents: refunded.amountCents,
      providerRefundId: refunded.id,
      paymentIntentId: refunded.paymentIntentId,
    });
    if (!done) {
      const now = await orderRow(orderId);
      throw notRefundable(now?.status ?? 'refunded');
    }
    await mailRefund(done);
    log.info({ orderId, refundId: refunded.id }, 'order refunded');
    return deps.orders.adminView(order.id);
  }

  /**
   * Stripe's `charge.refunded`, read against the payment's refunds as Stripe lists them now:
   * refunded in full (the admin's refund, or one made in Stripe's dashboard) refunds the order
   * as the admin's refund does, once; less than in full records each refund not recorded yet
   * (kind `partial`, once per refund id) and changes no status. A late event from before a
   * refund failed finds that refund failed, so it refunds nothing again.
   */
  async function chargeRefunded(
    event: Extract<PaymentEvent, { type: 'charge_refunded' }>,
    order: Order,
  ) {
    const live = (await provider.listRefunds(event.paymentIntentId)).filter(
      (item): item is ProviderRefund & { id: string } =>
        item.id !== null && item.status !== 'failed',
    );
    const refundedCents = live.reduce((sum, item) => sum + item.amountCents, 0);
    const full = refundedCents >= event.amountCents;
    if (full && order.status !== 'completed') return;
    const recorded = new Set(
      live.length
        ? (
            await db
              .select({ id: orderRefunds.providerRefundId })
              .from(orderRefunds)
              .where(
                inArray(
                  orderRefunds.providerRefundId,
                  live.map((item) => item.id),
                ),
              )
          ).map((row) => row.id)
        : [],
    );
    const unrecorded = live.filter((item) => !recorded.has(item.id));
    if (full) {
      // Newest first: the refund that made it full.
      const [last] = unrecorded;
      const done = await takeBack(order.id, {
        kind: 'full',
        status: last?.status === 'pending' ? 'pending' : 'succeeded',
        amountCents: last?.amountCents ?? null,
        providerRefundId: last?.id ?? null,
        paymentIntentId: event.paymentIntentId,
      });
      if (done) {
        await mailRefund(done);
        log.info({ orderId: order.id, refundId: last?.id }, 'order refunded by the provider');
      }
      return;
    }
    for (const item of unrecorded) {
      await db
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          kind: 'partial',
          status: item.status,
          amountCents: item.amountCents,
          providerRefundId: item.id,
        })
        .onConflictDoNothing({ target: orderRefunds.providerRefundId });
      log.info({ orderId: order.id, refundId: item.id }, 'partial refund recorded');
    }
  }

  /**
   * A refund failed after all: its record is marked failed (once: the conditional UPDATE picks
   * the caller), and a full refund's order is completed again with its grants and with the
   * coupons the refund changed put back: the used coupon consumed again (unless another order
   * consumed it since), the reward active again (unless the user holds another active coupon
   * by now, which the one-active rule keeps).
   */
  async function refundFailed(refundId: string) {
    let changedPublic = false;
    const outcome = await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(orderRefunds)
        .set({ status: 'failed', failedAt: sql`now()` })
        .where(and(eq(orderRefunds.providerRefundId, refundId), ne(orderRefunds.status, 'failed')))
        .returning();
      if (!failed) return 'unknown' as const;
      if (failed.kind !== 'full') return 'recorded' as const;
      const order = await restoreRefundedOrder(tx, failed.orderId);
      if (!order) return 'recorded' as const;
      await lockBuyer(tx, order.userId);
      await restoreGrants(tx, order.id);
      changedPublic = await deps.access.restored(tx, order.id);
      if (failed.restoredCouponId) {
        await consumeAgain(tx, failed.restoredCouponId, order.id, order.completedAt);
      }
      if (failed.revokedCouponId) await reinstateReward(tx, failed.revokedCouponId, order.userId);
      return 'restored' as const;
    });
    if (changedPublic) await deps.access.changed();
    if (outcome === 'unknown') log.warn({ refundId }, 'a failed refund the store does not know');
    if (outcome === 'restored')
      log.warn({ refundId }, 'refund failed: the order is completed again');
  }

  /**
   * A provider's payment event (its signature already checked). Events for payments no order
   * holds are logged and acknowledged. Throws `ProviderUnavailableError` when the provider
   * must be asked and cannot be (the caller answers 502, so the provider sends it again).
   */
  async function handleEvent(event: PaymentEvent): Promise<void> {
    if (event.type === 'refund_failed') return refundFailed(event.refundId);
    const order = await orderOfPayment(event.paymentIntentId);
    if (!order) {
      log.warn(
        { event: event.type, paymentIntentId: event.paymentIntentId },
        'payment event for an unknown payment',
      );
      return;
    }
    if (event.type === 'charge_refunded') return chargeRefunded(event, order);
    const done = await takeBack(order.id, {
      kind: 'dispute',
      status: 'pending',
      amountCents: event.amountCents,
      providerRefundId: event.disputeId,
      paymentIntentId: event.paymentIntentId,
    });
    if (done)
      log.warn(
        { orderId: order.id, disputeId: event.disputeId },
        'order disputed: access taken back',
      );
    else
      log.info(
        { orderId: order.id, status: order.status },
        'dispute of an order that is not completed',
      );
  }

  return { refund, handleEvent };
}

export type RefundService = ReturnType<typeof createRefundService>;
