import type { AdminOrder, Order as OrderAnswer } from '@store/contract';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orders, products, users, type Order } from '../db/schema.ts';
import { pageOf, type CursorCodec, type CursorKey, type Page } from '../lib/cursor.ts';
import { rawRows } from '../db/raw-rows.ts';
import { HttpError } from '../lib/http-error.ts';
import { containing } from '../lib/like-pattern.ts';
import { isUuid } from '../lib/uuid.ts';
import { issueRewardCoupon, REWARD_THRESHOLD_CENTS } from '../cart/coupon-ledger.ts';
import type { BackgroundMailer } from '../infrastructure/mail/background.ts';
import { orderConfirmationMail } from '../infrastructure/mail/templates.ts';
import type { StoreMetrics } from '../infrastructure/metrics.ts';
import { completeOrder, failPendingOrder } from './order-writes.ts';
import { previewUrl } from '../catalog/product-view.ts';
import { exactTime, newestAfter } from '../db/keyset.ts';
import { centsToDollars } from '../lib/money.ts';
import type { LicenseService } from '../licenses/licenses.ts';

interface OrderDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'publicFilesUrl'>;
  cursors: CursorCodec;
  /** Queues confirmations as mail jobs (delivered after the answer). */
  mail: BackgroundMailer;
  log: FastifyBaseLogger;
  metrics: Pick<StoreMetrics, 'ordersCompleted'>;
  /** Gives the license keys a completion issued their values. */
  licenses: Pick<LicenseService, 'sealOrderKeys'>;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** One cursor list per user: another user's cursor is refused, not read as a position. */
const orderList = (userId: string) => `orders:${userId}`;

/** The admin's list, one per search: a cursor pages only the `q` it was handed out for. */
const adminOrderList = (q: string) =>
  `orders:all:${createHash('sha256').update(q).digest('base64url').slice(0, 22)}`;

/**
 * Newest first exactly as `orders_newest_idx` is sorted: `desc nulls last` (a plain `desc`
 * means nulls first, which that index cannot give, and PostgreSQL would sort every order).
 */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/**
 * Customers an e-mail search reads one by one; above this it walks every order newest first.
 * At most `FEW_CUSTOMERS x (limit + 1)` index entries one way (10,000 at 50 a page), and the
 * other way matching customers are more than 1 in 100 of 20,000, so their orders are found
 * within a few thousand of the newest.
 */
const FEW_CUSTOMERS = 200;

const adminColumns = {
  order: orders,
  email: users.email,
  exactCreatedAt: exactTime(orders.createdAt),
};

export function createOrderService(deps: OrderDeps) {
  const { db, config, log } = deps;

  /**
   * Completes a pending order exactly once (`completeOrder`: the conditional UPDATE picks one
   * winner among the page, the webhook and the sweep) and mails after commit. An order that
   * earns a reward coupon runs in a transaction with the coupon's replacement; the others are
   * that one statement alone. The total decides which, and it never changes after checkout.
   * `paymentIntentId` is the provider's payment (refunds and the provider's events find the
   * order by it). The license keys the completion issued are sealed right after its commit
   * (`licenses.sealOrderKeys`): the secret that seals them never reaches SQL.
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
    if (first.licenseKeys > 0) await sealKeys(first.orderId);

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
        licenseKeys: first.licenseKeys > 0,
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

  /**
   * The payment is taken and the order completed: a key that cannot be sealed now must not
   * turn that into an error. My Downloads seals it on its next read, the licenses sweep within
   * its interval.
   */
  async function sealKeys(orderId: string): Promise<void> {
    try {
      await deps.licenses.sealOrderKeys(orderId);
    } catch (error) {
      log.error({ err: error, orderId }, 'sealing the license keys of an order failed');
    }
  }

  /** Marks a pending order failed (session expired or cancelled); completed orders stay. */
  function fail(orderId: string): Promise<boolean> {
    return failPendingOrder(db, orderId);
  }

  /** `rows` is one page at most (100 orders), so the item query's id list stays small. */
  async function views(rows: Order[]): Promise<OrderAnswer[]> {
    if (!rows.length) return [];
    const items = await db
      .select({ item: orderItems, slug: products.slug })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
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
        .filter(({ item }) => item.orderId === order.id)
        .map(({ item, slug }) => ({
          id: item.id,
          product_id: item.productId,
          slug,
          name: item.name,
          quantity: item.quantity,
          price: centsToDollars(item.unitPriceCents),
          discount: centsToDollars(item.discountCents),
          // A full refund leaves the line counts as line refunds left them (a refund that
          // fails puts the order back as it was): refunded, every unit is.
          refunded_quantity: order.status === 'refunded' ? item.quantity : item.refundedQuantity,
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

  async function adminViews(rows: { order: Order; email: string }[]): Promise<AdminOrder[]> {
    const answers = await views(rows.map((row) => row.order));
    return answers.map((answer, index) => {
      const { order, email } = rows[index]!;
      return {
        ...answer,
        customer_email: email,
        refunded_amount: centsToDollars(
          order.status === 'refunded' ? order.totalCents : order.refundedCents,
        ),
        refunded_at: order.refundedAt?.toISOString() ?? null,
        refund_failed_at: order.refundFailedAt?.toISOString() ?? null,
      };
    });
  }

  /** Rows of `adminColumns` newest first, `limit` at most, after the cursor's position. */
  function newestOrders(where: SQL | undefined, after: CursorKey | null, limit: number) {
    return db
      .select(adminColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, after ? newestAfter(orders.createdAt, orders.id, after) : undefined))
      .orderBy(...newestFirst)
      .limit(limit);
  }

  /**
   * The newest orders of a few customers: each customer's newest `limit` along
   * `orders_user_newest_idx` (index-only, after the cursor's position), the newest `limit` of
   * those, then their rows by id. A customer with 5,000 orders costs `limit` index entries
   * instead of 5,000 rows read and sorted.
   */
  async function newestOfCustomers(customerIds: string[], after: CursorKey | null, limit: number) {
    const past = after ? sql`and ${newestAfter(orders.createdAt, orders.id, after)}` : sql``;
    const ids = await rawRows<{ id: string }>(
      db,
      sql`select o.id from unnest(array[${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]) as customer(id)
      cross join lateral (
        select ${orders.id}, ${orders.createdAt} from ${orders}
        where ${orders.userId} = customer.id ${past}
        order by ${orders.createdAt} desc, ${orders.id} desc
        limit ${limit}
      ) as o
      order by o.created_at desc, o.id desc
      limit ${limit}`,
    );
    if (!ids.length) return [];
    return newestOrders(
      inArray(
        orders.id,
        ids.map((row) => row.id),
      ),
      null,
      limit,
    );
  }

  /**
   * Every order newest first for the admin, one keyset page: all of them or the one whose id
   * `q` is, along `orders_newest_idx`; or those of the customers whose e-mail contains `q` (any
   * case; `%` and `_` match only themselves). Items are read for the page's orders only.
   *
   * The e-mail search first asks how many customers match (at most `FEW_CUSTOMERS + 1` ids): a
   * few are read customer by customer (`newestOfCustomers`); more walk `orders_newest_idx`
   * newest first, keeping their orders, which stops after `limit + 1` of them, soon when the
   * customers are many. Neither is prepared: its plan depends on the pattern. Measured at
   * 1,000,000 orders in docs/decisions/0065-admin-orders-at-a-million.md.
   */
  async function listAll(
    { q, limit }: { q: string; limit: number },
    cursor?: string,
  ): Promise<Page<AdminOrder>> {
    const list = adminOrderList(q);
    const after = cursor === undefined ? null : deps.cursors.decode(list, cursor);
    let rows: Awaited<ReturnType<typeof newestOrders>>;
    if (!q) rows = await newestOrders(undefined, after, limit + 1);
    else if (isUuid(q)) rows = await newestOrders(eq(orders.id, q), after, limit + 1);
    else {
      const email = ilike(users.email, containing(q));
      const customers = await db
        .select({ id: users.id })
        .from(users)
        .where(email)
        .limit(FEW_CUSTOMERS + 1);
      if (customers.length > FEW_CUSTOMERS) rows = await newestOrders(email, after, limit + 1);
      else if (customers.length) {
        rows = await newestOfCustomers(
          customers.map((customer) => customer.id),
          after,
          limit + 1,
        );
      } else rows = [];
    }
    const page = pageOf(
      rows,
      limit,
      (last) => deps.cursors.encode(list, [last.exactCreatedAt, last.order.id]),
      (row) => row,
    );
    return { items: await adminViews(page.items), nextCursor: page.nextCursor };
  }

  /** Any order, as the admin sees it. */
  async function adminView(orderId: string): Promise<AdminOrder> {
    const rows = await db
      .select(adminColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    const [view] = await adminViews(rows);
    if (!view) throw new HttpError(404, 'Order not found');
    return view;
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

  return { complete, fail, list, get, listAll, adminView };
}

export type OrderService = ReturnType<typeof createOrderService>;
