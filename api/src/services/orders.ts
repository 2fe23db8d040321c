import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  cartItems,
  coupons,
  orderItems,
  orders,
  products,
  purchasedProducts,
  users,
  type Order,
} from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { issueRewardCoupon, REWARD_THRESHOLD_CENTS } from './coupons.ts';
import type { Mailer } from './mail/mailer.ts';
import { orderConfirmationMail } from './mail/templates.ts';
import { centsToDollars, previewUrl } from './product-view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderItemView {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  price: number;
  preview_image_url: string;
}

export interface OrderView {
  id: string;
  status: Order['status'];
  subtotal_amount: number;
  discount_amount: number;
  total_amount: number;
  coupon_code: string | null;
  created_at: string;
  completed_at: string | null;
  items: OrderItemView[];
}

interface OrderDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'publicFilesUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const money = (cents: number) => (cents / 100).toFixed(2);

export function createOrderService(deps: OrderDeps) {
  const { db, config, log } = deps;

  /**
   * Completes a pending order exactly once. The conditional UPDATE picks one winner among
   * concurrent callers (the page, the webhook, the sweep); only the winner grants, consumes,
   * empties the cart and issues the reward, all in its transaction, and mails after commit.
   */
  async function complete(orderId: string): Promise<boolean> {
    const won = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ status: 'completed', completedAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning();
      if (!order) return null;
      // Serialises coupon changes of one user across orders completing at the same time.
      const [user] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, order.userId))
        .for('update');
      const items = await tx
        .select({
          productId: orderItems.productId,
          name: orderItems.name,
          quantity: orderItems.quantity,
          unitPriceCents: orderItems.unitPriceCents,
          maxDownloads: products.maxDownloads,
          expiryDays: products.downloadExpiryDays,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id));

      const now = Date.now();
      for (const item of items) {
        const downloads = item.maxDownloads * item.quantity;
        await tx
          .insert(purchasedProducts)
          .values({
            userId: order.userId,
            productId: item.productId,
            orderId: order.id,
            remainingDownloads: downloads,
            maxDownloads: downloads,
            expiresAt: item.expiryDays === null ? null : new Date(now + item.expiryDays * DAY_MS),
          })
          .onConflictDoUpdate({
            target: [purchasedProducts.userId, purchasedProducts.productId],
            set: {
              remainingDownloads: sql`${purchasedProducts.remainingDownloads} + excluded.remaining_downloads`,
              maxDownloads: sql`${purchasedProducts.maxDownloads} + excluded.max_downloads`,
              expiresAt: sql`case when ${purchasedProducts.expiresAt} is null or excluded.expires_at is null then null else greatest(${purchasedProducts.expiresAt}, excluded.expires_at) end`,
              orderId: sql`excluded.order_id`,
              updatedAt: sql`now()`,
            },
          });
      }
      if (order.couponId) {
        await tx
          .update(coupons)
          .set({ consumedAt: new Date(), consumedOrderId: order.id })
          .where(and(eq(coupons.id, order.couponId), sql`${coupons.consumedAt} is null`));
      }
      if (items.length) {
        await tx.delete(cartItems).where(
          and(
            eq(cartItems.userId, order.userId),
            inArray(
              cartItems.productId,
              items.map((item) => item.productId),
            ),
          ),
        );
      }
      if (order.totalCents >= REWARD_THRESHOLD_CENTS) {
        await issueRewardCoupon(tx, order.userId, order.id);
      }
      return { order, user, items };
    });
    if (!won) return false;

    const { order, user, items } = won;
    if (user) {
      const mail = orderConfirmationMail(
        user.email,
        user.name,
        {
          shortId: order.id.slice(-8),
          lines: items.map((item) => ({
            name: item.name,
            quantity: item.quantity,
            unitPrice: money(item.unitPriceCents),
          })),
          discount: order.discountCents > 0 ? money(order.discountCents) : null,
          total: money(order.totalCents),
        },
        `${config.appUrl}/orders`,
      );
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'sending the order confirmation failed');
      }
    }
    log.info({ orderId: order.id, totalCents: order.totalCents }, 'order completed');
    return true;
  }

  /** Marks a pending order failed (session expired or cancelled); completed orders stay. */
  async function fail(orderId: string): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({ status: 'failed', failedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  async function views(rows: Order[]): Promise<OrderView[]> {
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

  async function list(userId: string): Promise<OrderView[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return views(rows);
  }

  async function get(userId: string, orderId: string): Promise<OrderView> {
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
