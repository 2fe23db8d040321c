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
  REWARD_THRESHOLD_CENTS,
  restoreUsedCoupon,
  revokeReward,
} from '../cart/coupon-ledger.ts';
import { restoreGrants, revokeGrants, revokeLineGrants } from './grants.ts';
import {
  markOrderTakenBack,
  refundOrderLines,
  restoreRefundedOrder,
  type TakenBackOrder,
} from './order-writes.ts';
import { planLineRefund, type LinePlan, type WantedUnits } from './refund-lines.ts';
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

/** Orders a refund (of some lines or of the rest) can still give money back for. */
const refundable = (status: Order['status']) =>
  status === 'completed' || status === 'partially_refunded';

/**
 * Why an order that is neither completed nor partially refunded cannot be refunded: 409 for the
 * refund of a whole order (as it always was), 400 for a refund of some of its lines.
 */
function notRefundable(status: Order['status'], code: 400 | 409 = 409): HttpError {
  switch (status) {
    case 'refunded':
      return new HttpError(code, 'Order already refunded');
    case 'disputed':
      return new HttpError(
        code,
        "Order is disputed: the buyer's bank is taking the payment back, so it cannot be refunded as well",
      );
    case 'pending':
      return new HttpError(
        code,
        'Only a completed order can be refunded: this one is still pending (it was never paid)',
      );
    default:
      return new HttpError(
        code,
        'Only a completed order can be refunded: this one failed (nothing was charged)',
      );
  }
}

/** What the provider was asked for: the order's full refund, or one refund of some lines. */
type ProviderAsk = { kind: 'full'; attempt: number } | { kind: 'lines'; plan: LinePlan };

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
   * One provider call per refund on this instance (the order's full refund and attempt, or one
   * line refund from one state of the order): requests that arrive while it runs wait for it
   * instead of calling again (the provider's idempotency key covers other instances).
   */
  function providerRefund(order: Order, ask: ProviderAsk): Promise<ProviderRefund> {
    const amountCents =
      ask.kind === 'full' ? order.totalCents - order.refundedCents : ask.plan.amountCents;
    // Nothing to give back through the provider (a $0 order, a 100% code, lines that charged
    // nothing): no call, and none could be made for 0.
    if (amountCents === 0) {
      return Promise.resolve({
        id: null,
        paymentIntentId: null,
        amountCents: 0,
        status: 'succeeded',
      });
    }
    const key =
      ask.kind === 'full'
        ? `${order.id}:${ask.attempt}`
        : `${order.id}:lines:${ask.plan.unitsRefundedBefore}`;
    let call = inFlight.get(key);
    if (!call) {
      call = provider
        .refund({
          orderId: order.id,
          paymentIntentId: order.paymentIntentId,
          sessionId: order.providerSessionId,
          amountCents,
          attempt: ask.kind === 'full' ? ask.attempt : 0,
          ...(ask.kind === 'lines'
            ? {
                lines: {
                  idempotencyKey: `refund:${order.id}:lines:${ask.plan.unitsRefundedBefore}`,
                },
              }
            : {}),
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
    }
    return call;
  }

  /**
   * The provider's refund, or the answer that says why there is none: nothing is changed here
   * when the provider fails or refuses, and an order refunded meanwhile says so instead.
   */
  async function askProvider(
    order: Order,
    ask: ProviderAsk,
  ): Promise<ProviderRefund & { status: 'succeeded' | 'pending' }> {
    const code = ask.kind === 'full' ? 409 : 400;
    let refunded: ProviderRefund;
    try {
      refunded = await providerRefund(order, ask);
    } catch (error) {
      if (isServiceOutage(error)) throw error;
      // Refunded meanwhile (another admin, the provider's event): say so, not the failure.
      const now = await orderRow(order.id);
      if (now && !refundable(now.status)) throw notRefundable(now.status, code);
      log.error({ err: error, orderId: order.id }, 'the payment provider did not refund the order');
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
    return { ...refunded, status: refunded.status };
  }

  /**
   * The admin's refund of a completed or partially refunded order: in full without `lines`
   * (what is left of it), else those units of those lines. The provider first (nothing is
   * changed here when it fails), then the one transaction. A full refund answers 409 for an
   * order that is neither, and for every request but the one whose UPDATE refunded it.
   */
  async function refund(orderId: string, lines?: WantedUnits[]): Promise<AdminOrder> {
    if (lines) return refundLines(orderId, lines);
    const order = await orderRow(orderId);
    if (!order) throw new HttpError(404, 'Order not found');
    if (!refundable(order.status)) throw notRefundable(order.status);

    const refunded = await askProvider(order, {
      kind: 'full',
      attempt: await failedAttempts(order.id),
    });
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
   * Refunds units of some lines: 400 for a line of another order, a line named twice, more
   * units than are left, an order that is not completed or partially refunded. The provider
   * gives back exactly those units' share of what their lines charged (one refund, keyed by the
   * order's refunded units so far: a double click asks for the same refund), then one
   * transaction whose first statements lock the order and check its lines still are as read
   * (`refundOrderLines`): one caller moves them, every other changes nothing (409). That caller
   * takes back what the units granted, withdraws the order's unused reward once what it
   * charged falls below the reward's threshold, and records the refund; the refund of the last
   * units refunds the order with everything a full refund does.
   */
  async function refundLines(orderId: string, wanted: WantedUnits[]): Promise<AdminOrder> {
    const order = await orderRow(orderId);
    if (!order) throw new HttpError(404, 'Order not found');
    if (!refundable(order.status)) throw notRefundable(order.status, 400);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const plan = planLineRefund(items, wanted);

    const refunded = await askProvider(order, { kind: 'lines', plan });
    const raced = () =>
      new HttpError(
        409,
        'Another refund of this order came first: nothing more was refunded. Reload the order and try again.',
      );
    // A refund of other lines computed from the same state got the provider's refund first.
    if (refunded.amountCents !== plan.amountCents) throw raced();

    let changedPublic = false;
    const done = await db.transaction(async (tx) => {
      const moved = await refundOrderLines(
        tx,
        order.id,
        plan.lines,
        plan.unitsRefundedBefore,
        refunded.paymentIntentId,
      );
      if (!moved) return null;
      const buyer = await lockBuyer(tx, moved.userId);
      await revokeLineGrants(tx, plan.lines);
      changedPublic = await deps.access.revoked(tx, order.id);
      const whole = moved.status === 'refunded';
      const revokedCouponId =
        whole || moved.totalCents - moved.refundedCents < REWARD_THRESHOLD_CENTS
          ? await revokeReward(tx, order.id)
          : null;
      // A coupon the order used is given back only when nothing of the order is left.
      const restoredCouponId = whole ? await restoreUsedCoupon(tx, moved) : null;
      await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          kind: 'partial',
          status: refunded.status,
          amountCents: plan.amountCents,
          providerRefundId: refunded.id,
          revokedCouponId,
          restoredCouponId,
        })
        .onConflictDoNothing({ target: orderRefunds.providerRefundId });
      return { order: moved, email: buyer.email, name: buyer.name };
    });
    if (changedPublic) await deps.access.changed();
    if (!done) {
      const now = await orderRow(orderId);
      if (now && !refundable(now.status)) throw notRefundable(now.status);
      throw raced();
    }
    if (done.order.status === 'refunded') await mailRefund(done);
    log.info(
      { orderId, refundId: refunded.id, amountCents: plan.amountCents, status: done.order.status },
      'order lines refunded',
    );
    return deps.orders.adminView(order.id);
  }

  /**
   * Stripe's `charge.refunded`, read against the payment's refunds as Stripe lists them now:
   * refunded in full (the admin's refund, or one made in Stripe's dashboard) refunds the order
   * as the admin's refund does, once; less than in full records each refund not recorded yet
   * (kind `partial`, once per refund id) and changes no status, so the store's own line refunds
   * change nothing more. Refunds that add up to the charge but are all the store's own line
   * refunds already made the order what it is (lines that charged nothing may be left). A late
   * event from before a refund failed finds that refund failed, so it refunds nothing again.
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
    if (full && !refundable(order.status)) return;
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
      if (!unrecorded.length && order.status === 'partially_refunded') return;
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
