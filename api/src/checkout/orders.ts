import type { Order as OrderAnswer } from '@store/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orders, type Order } from '../db/schema.ts';
import { pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import { issueRewardCoupon, REWARD_THRESHOLD_CENTS } from '../cart/coupons.ts';
import type { BackgroundMailer } from '../infrastructure/mail/background.ts';
import { orderConfirmationMail } from '../infrastructure/mail/templates.ts';
import type { StoreMetrics } from '../infrastructure/metrics.ts';
import { completeOrder, failPendingOrder } from './order-writes.ts';
import { centsToDollars, exactTime, newestAfter, previewUrl } from '../catalog/product-view.ts';

interface OrderDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'publicFilesUrl'>;
  cursors: CursorCodec;
  /** Queues confirmations as mail jobs (delivered after the answer). */
  mail: BackgroundMailer;
  log: FastifyBaseLogger;
  metrics: Pick<StoreMetrics, 'ordersCompleted'>;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** One cursor list per user: another user's cursor is refused, not read as a position. */
const orderList = (userId: string) => `orders:${userId}`;

export function createOrderService(deps: OrderDeps) {
  const { db, config, log } = deps;

  /**
   * Completes a pending order exactly once (`completeOrder`: the conditional UPDATE picks one
   * winner among the page, the webhook and the sweep) and mails after commit. An order that
   * earns a reward coupon runs in a transaction with the coupon's replacement; the others are
   * that one statement alone. The total decides which, and it never changes after checkout.
   * `paymentIntentId` is the provider's payment (refunds and the provider's events find the
   * order by it).
   */
  async function complete(
    order: Pick<Order, 'id' | 'totalCents'>,
    paymentIntentId: string | null = null,
  ): Promise<boolean> {
    const completion = { orderId: order.id, paymentIntentId };
    const lines =
      order.totalCents >= REWARD_THRESHOLD_CENTS
        ? await db.transaction(async (tx) => {
            const won = await completeOrder(tx, completion);
            if (won[0]) await issueRewardCoupon(tx, won[0].userId, order.id);
            return won;
          })
        : await completeOrder(db, completion);
    const [first] = lines;
    if (!first) return false;
    // Only the caller whose UPDATE won gets here: a concurrent confirmation is not counted.
    deps.metrics.ordersCompleted.inc();

    const mail = orderConfirmationMail(
      first.email,
      first.userName,
      {
        shortId: first.orderId.slice(-8),
        lines: lines.flatMap((line) =>
          line.itemName === null
            ? []
            : [
                {
                  name: line.itemName,
                  quantity: line.quantity ?? 0,
                  unitPrice: money(line.unitPriceCents ?? 0),
                },
              ],
        ),
        discount: first.discountCents > 0 ? money(first.discountCents) : null,
        total: money(first.totalCents),
      },
      `${config.appUrl}/orders`,
    );
    await deps.mail.post(
      mail,
      { orderId: first.orderId },
      'queueing the order confirmation failed',
    );
    log.info({ orderId: first.orderId, totalCents: first.totalCents }, 'order completed');
    return true;
  }

  /** Marks a pending order failed (session expired or cancelled); completed orders stay. */
  function fail(orderId: string): Promise<boolean> {
    return failPendingOrder(db, orderId);
  }

  /** `rows` is one page at most (100 orders), so the item query's id list stays small. */
  async function views(rows: Order[]): Promise<OrderAnswer[]> {
    if (!rows.length) return [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    return rows.map((order) => ({
      id: order.id,
      status: order.status,
      subtotal_amount: centsToDollars(order.subtotalCents),
      discount_amount: centsToDollars(order.discountCents),
      total_amount: centsToDollars(order.totalCents),
      coupon_code: order.couponCode,
      created_at: order.createdAt.toISOString(),
      completed_at: order.completedAt?.toISOString() ?? null,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          id: item.id,
          product_id: item.productId,
          name: item.name,
          quantity: item.quantity,
          price: centsToDollars(item.unitPriceCents),
          preview_image_url: previewUrl(config.publicFilesUrl, item.previewImageKey),
        })),
    }));
  }

  /** The user's orders newest first, one keyset page along `orders_user_newest_idx`. */
  async function list(userId: string, limit: number, cursor?: string): Promise<Page<OrderAnswer>> {
    const name = orderList(userId);
    const after = cursor === undefined ? null : deps.cursors.decode(name, cursor);
    const rows = await db
      .select({ order: orders, exactCreatedAt: exactTime(orders.createdAt) })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          after ? newestAfter(orders.createdAt, orders.id, after) : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit + 1);
    const page = pageOf(
      rows,
      limit,
      (last) => deps.cursors.encode(name, [last.exactCreatedAt, last.order.id]),
      (row) => row.order,
    );
    return { items: await views(page.items), nextCursor: page.nextCursor };
  }

  async function get(userId: string, orderId: string): Promise<OrderAnswer> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    const [view] = await views(rows);
    if (!view) throw new HttpError(404, 'Order not found');
    return view;
  }

  return { complete, fail, list, get };
}

export type OrderService = ReturnType<typeof createOrderService>;
