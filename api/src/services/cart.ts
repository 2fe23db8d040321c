import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { cartItems, products } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { centsToDollars, previewUrl } from './product-view.ts';

export const MAX_QUANTITY = 99;

/** A cart line as the client reads it (contract section 5); `_id` is the product id. */
export interface CartLine {
  _id: string;
  id: string;
  name: string;
  description: string;
  image: string;
  price: number;
  quantity: number;
}

export function createCartService(db: Db, config: Pick<AppConfig, 'publicFilesUrl'>) {
  async function list(userId: string): Promise<CartLine[]> {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        previewImageKey: products.previewImageKey,
        priceCents: products.priceCents,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.userId, userId), isNull(products.deletedAt)))
      .orderBy(asc(cartItems.createdAt), asc(products.id));
    return rows.map((row) => ({
      _id: row.id,
      id: row.id,
      name: row.name,
      description: row.description,
      image: previewUrl(config.publicFilesUrl, row.previewImageKey),
      price: centsToDollars(row.priceCents),
      quantity: row.quantity,
    }));
  }

  async function assertBuyable(productId: string): Promise<void> {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)));
    if (!product) throw new HttpError(404, 'Product not found');
  }

  /** Adds one; at 99 the line stays at 99 (the cap is silent, not an error). */
  async function add(userId: string, productId: string): Promise<CartLine[]> {
    await assertBuyable(productId);
    await db
      .insert(cartItems)
      .values({ userId, productId, quantity: 1 })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: {
          quantity: sql`least(${cartItems.quantity} + 1, ${MAX_QUANTITY})`,
          updatedAt: sql`now()`,
        },
      });
    return list(userId);
  }

  /** Sets the quantity; 0 removes the line. A product not yet in the cart is added. */
  async function setQuantity(userId: string, productId: string, quantity: number) {
    if (quantity === 0) return remove(userId, productId);
    await assertBuyable(productId);
    await db
      .insert(cartItems)
      .values({ userId, productId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity, updatedAt: sql`now()` },
      });
    return list(userId);
  }

  /** Removes one line, or every line without a product id. */
  async function remove(userId: string, productId?: string): Promise<CartLine[]> {
    await db
      .delete(cartItems)
      .where(
        productId
          ? and(eq(cartItems.userId, userId), eq(cartItems.productId, productId))
          : eq(cartItems.userId, userId),
      );
    return list(userId);
  }

  return { list, add, setQuantity, remove };
}

export type CartService = ReturnType<typeof createCartService>;
