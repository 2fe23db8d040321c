import { MAX_CART_LINES, MAX_QUANTITY, type CartItem } from '@store/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement, type Runner } from '../db/prepared.ts';
import { cartItems, products, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { previewUrl } from '../catalog/product-view.ts';
import { centsToDollars } from '../lib/money.ts';
import {
  linePriceColumns,
  originalAbove,
  pricedLateral,
  type LinePriceRow,
} from '../pricing/line-prices.ts';

interface LineRow extends LinePriceRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  previewImageKey: string | null;
  quantity: number;
}

const FIXED_PRICE = 'This product has a fixed price';

function priceRefusal(message: string): HttpError {
  return new HttpError(400, message, { fields: { customPrice: message } });
}

export function createCartService(db: Db, config: Pick<AppConfig, 'publicFilesUrl'>) {
  const toLine = (row: LineRow): CartItem => {
    const line: CartItem = {
      _id: row.id,
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: previewUrl(config.publicFilesUrl, row.previewImageKey),
      price: centsToDollars(row.unitPriceCents),
      quantity: row.quantity,
    };
    const original = originalAbove(row);
    if (original !== undefined) line.originalPrice = centsToDollars(original);
    if (row.pricing === 'pay_what_you_want') {
      line.payWhatYouWant = {
        minimum: centsToDollars(row.minimumCents),
        suggested: row.suggestedCents === null ? null : centsToDollars(row.suggestedCents),
      };
    }
    return line;
  };

  const user = sql.placeholder('userId');
  const product = sql.placeholder('productId');
  const quantity = sql.placeholder('quantity');
  const customPrice = sql.placeholder('customPrice');
  const maxQuantity = sql.raw(String(MAX_QUANTITY));
  const p = sql.raw('p');
  /** A line's columns: `l` is the cart line, `p` its product, priced for the cart's owner. */
  const lineColumns = sql`p.id, p.slug, p.name, p.description,
    p.preview_image_key as "previewImageKey", l.quantity, ${linePriceColumns(p)}`;
  const priced = pricedLateral(p, sql`l.custom_price_cents`, sql`${user}::uuid`);

  // Composed once, and the named statement is parsed and planned once per connection: composing
  // the read took about a fifth of its CPU.
  const listStatement = preparedStatement<LineRow, { userId: string }>(
    'cart_list',
    sql`select ${lineColumns}
    from cart_items l join products p on p.id = l.product_id
    ${priced}
    where l.user_id = ${user}::uuid and p.deleted_at is null
    order by l.created_at, p.id`,
  );

  async function list(userId: string): Promise<CartItem[]> {
    return (await listStatement(db, { userId })).map(toLine);
  }

  async function assertBuyable(productId: string): Promise<void> {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)));
    if (!product) throw new HttpError(404, 'Product not found');
  }

  /**
   * The cart after `added` (a CTE that changed one line and returns it): the other lines come
   * from the statement's snapshot, the changed one from its RETURNING (a CTE's write is
   * invisible to its siblings).
   */
  const cartAfter = sql`, lines as (
      select product_id, quantity, custom_price_cents, created_at from added
      union all
      select product_id, quantity, custom_price_cents, created_at from cart_items
      where user_id = ${user}::uuid and product_id not in (select product_id from added)
    )
    select ${lineColumns}
    from lines l join products p on p.id = l.product_id
    ${priced}
    where p.deleted_at is null
    order by l.created_at, p.id`;

  /**
   * Adds one to a line already in the cart and answers the cart, in one statement and without
   * the cart lock: it never adds a line, so it cannot pass the line limit. A line already at
   * the cap is not touched at all (no row lock, no WAL), so repeated adds of a full line do
   * not queue behind each other's commits. Without the product in the answer, the line was
   * not there: `addStatement` then adds it under the lock.
   */
  const raiseStatement = preparedStatement<LineRow, { userId: string; productId: string }>(
    'cart_raise',
    sql`with added as (
      update cart_items as line set quantity = line.quantity + 1, updated_at = now()
      from products p
      where line.user_id = ${user}::uuid and line.product_id = ${product}::uuid
        and line.quantity < ${maxQuantity} and p.id = line.product_id and p.deleted_at is null
      returning line.product_id, line.quantity, line.custom_price_cents, line.created_at
    )${cartAfter}`,
  );

  /**
   * A new line is inserted only while the cart has room (a line already there can always
   * change). The count is only right under `lockCart`: without it, adds running at once would
   * each count the lines before the others' inserts and could together pass the limit.
   */
  const hasRoom = sql`(
    exists (select 1 from cart_items own
      where own.user_id = ${user}::uuid and own.product_id = ${product}::uuid)
    or (select count(*) from cart_items own where own.user_id = ${user}::uuid)
      < ${sql.raw(String(MAX_CART_LINES))}
  )`;

  /** Adds one of a live product, a new line if the cart has room, and answers the cart. */
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
            and full_line.quantity >= ${maxQuantity}
        )
        and ${hasRoom}
      on conflict (user_id, product_id) do update
        set quantity = least(line.quantity + 1, ${maxQuantity}),
          updated_at = now()
      returning line.product_id, line.quantity, line.custom_price_cents, line.created_at
    )${cartAfter}`,
  );

  type SetParams = {
    userId: string;
    productId: string;
    quantity: number;
    /** Pay what you want: the buyer's unit price; null keeps the line's. */
    customPrice: number | null;
  };
  /** Sets the quantity of a line already in the cart (no lock: it adds no line). */
  const updateStatement = preparedStatement<{ productId: string }, SetParams>(
    'cart_update',
    sql`update cart_items as line set quantity = ${quantity}::integer,
        custom_price_cents = coalesce(${customPrice}::integer, line.custom_price_cents),
        updated_at = now()
      from products p
      where line.user_id = ${user}::uuid and line.product_id = ${product}::uuid
        and p.id = line.product_id and p.deleted_at is null
      returning line.product_id as "productId"`,
  );

  /** Sets the quantity of a live product's line, a new one if the cart has room. */
  const setStatement = preparedStatement<{ productId: string }, SetParams>(
    'cart_set',
    sql`insert into cart_items as line (user_id, product_id, quantity, custom_price_cents)
      select ${user}::uuid, p.id, ${quantity}::integer, ${customPrice}::integer from products p
      where p.id = ${product}::uuid and p.deleted_at is null and ${hasRoom}
      on conflict (user_id, product_id) do update
        set quantity = excluded.quantity,
          custom_price_cents = coalesce(excluded.custom_price_cents, line.custom_price_cents),
          updated_at = now()
      returning line.product_id as "productId"`,
  );

  /**
   * Runs a change that may add a line with the user's row locked, so changes to one cart
   * count its lines one after the other (order completion takes the same lock). A user who
   * no longer exists has no cart to change.
   */
  function lockCart<T>(userId: string, change: (tx: Runner) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      return change(tx);
    });
  }

  /** Nothing was added: the product is unknown or deleted (404), or the cart is full (400). */
  async function refusal(productId: string): Promise<HttpError> {
    try {
      await assertBuyable(productId);
    } catch (error) {
      return error as HttpError;
    }
    return new HttpError(400, 'Cart is full');
  }

  /** Adds one; at 99 the line stays at 99 (the cap is silent, not an error). */
  async function add(userId: string, productId: string): Promise<CartItem[]> {
    const params = { userId, productId };
    let rows = await raiseStatement(db, params);
    if (!rows.some((row) => row.id === productId)) {
      rows = await lockCart(userId, (tx) => addStatement(tx, params));
    }
    if (!rows.some((row) => row.id === productId)) throw await refusal(productId);
    return rows.map(toLine);
  }

  /**
   * A buyer's price for one unit of a pay-what-you-want product: refused for a fixed price
   * (400), below the minimum (400) or for a product that is gone (404).
   */
  async function assertCustomPrice(productId: string, cents: number): Promise<void> {
    const [row] = await db
      .select({ pricing: products.pricing, minimum: products.priceCents })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)));
    if (!row) throw new HttpError(404, 'Product not found');
    if (row.pricing !== 'pay_what_you_want') throw priceRefusal(FIXED_PRICE);
    if (cents < row.minimum) {
      throw priceRefusal(`Price must be at least $${(row.minimum / 100).toFixed(2)}`);
    }
  }

  /**
   * Sets the quantity, and for pay what you want the buyer's price (left out: the line keeps
   * its own); 0 removes the line. A product not yet in the cart is added.
   */
  async function setQuantity(
    userId: string,
    productId: string,
    quantity: number,
    customPriceCents?: number,
  ) {
    if (quantity === 0) return remove(userId, productId);
    if (customPriceCents !== undefined) await assertCustomPrice(productId, customPriceCents);
    const params = { userId, productId, quantity, customPrice: customPriceCents ?? null };
    let [set] = await updateStatement(db, params);
    set ??= (await lockCart(userId, (tx) => setStatement(tx, params)))[0];
    if (!set) throw await refusal(productId);
    return list(userId);
  }

  /** Removes one line, or every line without a product id. */
  async function remove(userId: string, productId?: string): Promise<CartItem[]> {
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
