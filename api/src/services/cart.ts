import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
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

interface LineRow {
  id: string;
  name: string;
  description: string;
  previewImageKey: string | null;
  priceCents: number;
  quantity: number;
}

export function createCartService(db: Db, config: Pick<AppConfig, 'publicFilesUrl'>) {
  const toLine = (row: LineRow): CartLine => ({
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    image: previewUrl(config.publicFilesUrl, row.previewImageKey),
    price: centsToDollars(row.priceCents),
    quantity: row.quantity,
  });

  // Built once: composing it took about a fifth of a cart read's CPU, and the named statement
  // is parsed and planned once per connection.
  const listQuery = db
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
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), isNull(products.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(products.id))
    .prepare('cart_list');

  async function list(userId: string): Promise<CartLine[]> {
    return (await listQuery.execute({ userId })).map(toLine);
  }

  async function assertBuyable(productId: string): Promise<void> {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)));
    if (!product) throw new HttpError(404, 'Product not found');
  }

  const user = sql.placeholder('userId');
  const product = sql.placeholder('productId');
  /**
   * Adds one product and answers the cart in one statement. The insert takes only a live
   * product, and a line already at the cap is not touched at all (no row lock, no WAL), so
   * repeated adds of a full line do not queue behind each other's commits. The other lines
   * come from the statement's snapshot, the added one from its RETURNING (a CTE's write is
   * invisible to its siblings).
   */
  const addStatement = preparedStatement<LineRow, { userId: string; productId: string }>(
    'cart_add',
    sql`with added as (
      insert into cart_items as line (user_id, product_id, quantity)
      select ${user}::uuid, p.id, 1 from products p
      where p.id = ${product}::uuid and p.deleted_at is null
        and not exists (
          select 1 from cart_items full_line
          where full_line.user_id = ${user}::uuid
            and full_line.product_id = ${product}::uuid
            and full_line.quantity >= ${sql.raw(String(MAX_QUANTITY))}
        )
      on conflict (user_id, product_id) do update
        set quantity = least(line.quantity + 1, ${sql.raw(String(MAX_QUANTITY))}),
          updated_at = now()
      returning line.product_id, line.quantity, line.created_at
    ), lines as (
      select product_id, quantity, created_at from added
      union all
      select product_id, quantity, created_at from cart_items
      where user_id = ${user}::uuid and product_id not in (select product_id from added)
    )
    select p.id, p.name, p.description, p.preview_image_key as "previewImageKey",
      p.price_cents as "priceCents", l.quantity
    from lines l join products p on p.id = l.product_id
    where p.deleted_at is null
    order by l.created_at, p.id`,
  );

  /** Adds one; at 99 the line stays at 99 (the cap is silent, not an error). */
  async function add(userId: string, productId: string): Promise<CartLine[]> {
    const rows = await addStatement(db, { userId, productId });
    // Nothing added and not in the cart: the product is unknown or deleted.
    if (!rows.some((row) => row.id === productId)) throw new HttpError(404, 'Product not found');
    return rows.map(toLine);
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
