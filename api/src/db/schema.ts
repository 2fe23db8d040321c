import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  // Always stored trimmed and lower-cased, so the plain unique index is case-insensitive.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  /** Set by the one-click opt-out in an update mail: no more "a file you bought was updated". */
  updateMailsOptedOutAt: timestamptz('update_mails_opted_out_at'),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** One login = one session family; every refresh token of that login belongs to it. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    rotatedAt: timestamptz('rotated_at'),
    successorId: uuid('successor_id'),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Categories and asset types share one shape: the item of the store's dropdown menus. */
const dropdownColumns = () => ({
  id: id(),
  // The URL slug.
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  icon: text('icon').notNull().default('default'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', dropdownColumns());

export const assetTypes = pgTable('asset_types', dropdownColumns());

export const products = pgTable(
  'products',
  {
    id: id(),
    /**
     * The page's address, `/product/:slug`: set from the name by the `products_slug` trigger
     * (migration 0013) for every writer, whatever the insert gives; every slug it ever had
     * stays in `product_slugs`.
     */
    slug: text('slug')
      .notNull()
      .unique()
      .$defaultFn(() => ''),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /**
     * What the product is charged at now: the sale price while a sale runs (then
     * `regular_price_cents` holds the price before it), the minimum of a pay-what-you-want
     * product. Sorts, filters and checkout read this one column.
     */
    priceCents: integer('price_cents').notNull(),
    /** While a sale runs: the price it takes the product down from; null otherwise. */
    regularPriceCents: integer('regular_price_cents'),
    /** When the sale ends (the `sale-end` job puts the regular price back); null: until removed. */
    saleEndsAt: timestamptz('sale_ends_at'),
    pricing: text('pricing', { enum: ['fixed', 'pay_what_you_want'] })
      .notNull()
      .default('fixed'),
    /** Pay what you want: the price shown first (at least the minimum, `price_cents`). */
    suggestedPriceCents: integer('suggested_price_cents'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    assetTypeId: uuid('asset_type_id')
      .notNull()
      .references(() => assetTypes.id),
    /** Storage key of the preview; null shows the fallback image. */
    previewImageKey: text('preview_image_key'),
    assetKey: text('asset_key'),
    assetContentType: text('asset_content_type'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** When the admin last featured it (the featured list's order); null when not featured. */
    featuredAt: timestamptz('featured_at'),
    maxDownloads: integer('max_downloads').notNull().default(5),
    downloadExpiryDays: integer('download_expiry_days'),
    /** When an edit last put up a new file version; null when the file is the first one. */
    fileUpdatedAt: timestamptz('file_updated_at'),
    /** Soft delete: gone from the catalog and carts, still there for buyers' downloads. */
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    /** Last edit (the sitemap's `lastmod`). */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // The rating summary of the shown reviews, kept by the `reviews_rating_*` triggers in the
    // writer's transaction; `rating_score` is the Bayesian average the `rating` sort pages by.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    rating1: integer('rating_1').notNull().default(0),
    rating2: integer('rating_2').notNull().default(0),
    rating3: integer('rating_3').notNull().default(0),
    rating4: integer('rating_4').notNull().default(0),
    rating5: integer('rating_5').notNull().default(0),
    ratingScore: doublePrecision('rating_score').notNull().default(0),
    /** Each unit bought issues a license key (`license_keys`) when its order completes. */
    licensed: boolean('licensed').notNull().default(false),
    /** A key's devices at once, copied onto each key as it is issued. */
    activationLimit: integer('activation_limit').notNull().default(3),
    /** How long a key lasts from its order's completion; null: for ever. */
    licenseDays: integer('license_days'),
  },
  (t) => [
    index('products_category_id_idx').on(t.categoryId),
    index('products_created_at_idx').on(t.createdAt),
    // Keyset pages (migration 0007): one per catalog sort, per category and across all; the
    // price ones serve both directions.
    index('products_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('products_category_price_idx')
      .on(t.categoryId, t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_name_idx')
      .on(t.categoryId, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('products_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_rating_idx')
      .on(t.categoryId, t.ratingScore.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('products_rating_idx')
      .on(t.ratingScore.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('products_featured_idx')
      .on(t.featuredAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.isFeatured} and ${t.deletedAt} is null`),
    check(
      'products_price_positive',
      sql`${t.priceCents} > 0 or (${t.pricing} = 'pay_what_you_want' and ${t.priceCents} >= 0)`,
    ),
    check('products_pricing', sql`${t.pricing} in ('fixed', 'pay_what_you_want')`),
    // A sale takes a fixed price down, never a pay-what-you-want minimum.
    check(
      'products_sale',
      sql`${t.regularPriceCents} is null or (${t.regularPriceCents} > ${t.priceCents} and ${t.pricing} = 'fixed')`,
    ),
    check('products_sale_end', sql`${t.saleEndsAt} is null or ${t.regularPriceCents} is not null`),
    check(
      'products_suggested_price',
      sql`${t.suggestedPriceCents} is null or (${t.pricing} = 'pay_what_you_want' and ${t.suggestedPriceCents} >= ${t.priceCents})`,
    ),
    index('products_sale_ends_idx')
      .on(t.saleEndsAt)
      .where(sql`${t.saleEndsAt} is not null`),
    check('products_max_downloads_positive', sql`${t.maxDownloads} > 0`),
    check('products_activation_limit', sql`${t.activationLimit} between 1 and 1000`),
    check(
      'products_license_days',
      sql`${t.licenseDays} is null or ${t.licenseDays} between 1 and 36500`,
    ),
  ],
);

/**
 * A bundle's products (2-50, none of them a bundle): buying the bundle grants each of them with
 * its own download limits. A product with items is a bundle.
 */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => products.id),
    /** The item's place on the bundle's page. */
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.itemId] }),
    index('bundle_items_item_idx').on(t.itemId),
    check('bundle_items_not_itself', sql`${t.bundleId} <> ${t.itemId}`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** Pay what you want: the buyer's price for one unit; null: the suggested price. */
    customPriceCents: integer('custom_price_cents'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check(
      'cart_items_custom_price',
      sql`${t.customPriceCents} is null or ${t.customPriceCents} >= 0`,
    ),
    index('cart_items_product_id_idx').on(t.productId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * A coupon belongs to one user. Active = neither consumed nor replaced; at most one active
 * coupon per user, and at most one welcome coupon per user ever.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['welcome', 'reward'] }).notNull(),
    discountPercentage: integer('discount_percentage').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    consumedOrderId: uuid('consumed_order_id'),
    /** Set when a newer coupon replaced this one. */
    replacedAt: timestamptz('replaced_at'),
    /** The order whose completion issued this reward coupon (one reward per order). */
    sourceOrderId: uuid('source_order_id').unique(),
    /** Set when a refund of the order that earned this reward took it back unused. */
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.consumedAt} is null and ${t.replacedAt} is null and ${t.revokedAt} is null`),
    uniqueIndex('coupons_one_welcome_per_user')
      .on(t.userId)
      .where(sql`${t.kind} = 'welcome'`),
    check('coupons_discount_range', sql`${t.discountPercentage} between 1 and 100`),
  ],
);

/**
 * A seller's discount code (the dashboard's Discounts): percent or amount off, for the whole cart
 * or for named products and categories, within dates, a minimum and use limits. `code` is stored
 * upper-cased, so its unique index ignores case; a deleted code frees its name and keeps its rows
 * for the orders that used it.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** Both null: the whole cart; otherwise the lines of these products or categories. */
    productIds: uuid('product_ids').array(),
    categoryIds: uuid('category_ids').array(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    /** Open and completed checkouts together (null: no limit). */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer').default(1),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key')
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
    // The admin's search by the start of a code.
    index('discount_codes_code_prefix_idx')
      .on(t.code.op('text_pattern_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('discount_codes_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null)
        or (${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check('discount_codes_min_subtotal', sql`${t.minSubtotalCents} >= 0`),
    check(
      'discount_codes_dates',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check('discount_codes_max_uses', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check(
      'discount_codes_max_uses_per_customer',
      sql`${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 1`,
    ),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', {
      enum: ['pending', 'completed', 'failed', 'partially_refunded', 'refunded', 'disputed'],
    })
      .notNull()
      .default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Given back by refunds of some of its lines (a full refund moves the order to refunded). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    couponId: uuid('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    discountPercentage: integer('discount_percentage'),
    /** The seller's discount code the order used (a customer's own coupon is `coupon_id`). */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** Null only between the order insert and the provider's answer. */
    providerSessionId: text('provider_session_id').unique(),
    /**
     * The provider's payment, stored at completion, so refunds and the provider's refund and
     * dispute events find the order (Stripe's PaymentIntent; the session id for `local`).
     */
    paymentIntentId: text('payment_intent_id').unique(),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
    failedAt: timestamptz('failed_at'),
    /** When the order was refunded or disputed (its status says which). */
    refundedAt: timestamptz('refunded_at'),
    /** The provider reported the refund failed: the order was put back to completed. */
    refundFailedAt: timestamptz('refund_failed_at'),
  },
  (t) => [
    // The order list's keyset (migration 0007).
    index('orders_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The admin's list of every order, newest first.
    index('orders_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // A coupon is held by one open checkout at most (checkout/payments.ts ends the earlier one).
    uniqueIndex('orders_one_pending_per_coupon')
      .on(t.couponId)
      .where(sql`${t.status} = 'pending'`),
    // A customer holds a seller's code in one open checkout at most (checkout/payments.ts ends
    // the earlier one): a code without limits is then inserted without taking turns.
    uniqueIndex('orders_one_pending_per_customer_code')
      .on(t.discountCodeId, t.userId)
      .where(sql`${t.status} = 'pending' and ${t.discountCodeId} is not null`),
    // A code's uses and revenue, and its use limits at checkout.
    index('orders_discount_code_idx')
      .on(t.discountCodeId, t.userId)
      .where(sql`${t.discountCodeId} is not null`),
    // Analytics: revenue per day over completed orders.
    index('orders_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // Analytics: revenue per product and per code over a range of completion days.
    index('orders_sold_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} in ('completed', 'partially_refunded')`),
    check('orders_amounts', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`),
    check('orders_discount_nonnegative', sql`${t.discountCents} >= 0`),
    check('orders_refunded_range', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    // A completed order must have a day to be counted under in `daily_sales`.
    check(
      'orders_completed_dated',
      sql`${t.status} <> 'completed' or ${t.completedAt} is not null`,
    ),
  ],
);

/**
 * Completed and partially refunded orders per UTC day of `completed_at`, net of their line
 * refunds, kept by the `orders_daily_sales_*` triggers (migrations 0006, 0015) in the writer's
 * own transaction, so analytics never scans `orders`.
 */
export const dailySales = pgTable('daily_sales', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sales: integer('sales').notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
});

/**
 * Running counts for analytics: `users` (every account) and `live_products` (`deleted_at is
 * null`), kept by the `*_store_counts*` triggers (migration 0009) in the writer's own
 * transaction, so analytics never counts `users` or `products`.
 */
export const storeCounts = pgTable('store_counts', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's share of the order's discount; the order's lines add up to its discount. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Units of the line refunded so far, and what they gave back. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Storage key of the preview at purchase time (files outlive soft-deleted products). */
    previewImageKey: text('preview_image_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_items_order_product_unique').on(t.orderId, t.productId),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 99`),
    check('order_items_refunded_quantity', sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
    check('order_items_refunded_cents', sql`${t.refundedCents} >= 0`),
    check(
      'order_items_discount_range',
      sql`${t.discountCents} between 0 and ${t.unitPriceCents} * ${t.quantity}`,
    ),
  ],
);

/**
 * Download rights: one row per user and product, the sum of its `purchase_grants`. Buying the
 * product again adds the new downloads to the same row and extends its expiry; a refund takes
 * its order's grant back, and the row is revoked when no grant is left.
 */
export const purchasedProducts = pgTable(
  'purchased_products',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The latest order that granted or extended this row. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    remainingDownloads: integer('remaining_downloads').notNull(),
    maxDownloads: integer('max_downloads').notNull(),
    /** Null: never expires. */
    expiresAt: timestamptz('expires_at'),
    /**
     * The last counted download and when it was issued: a repeat request within the reuse
     * window gets the same URL back without counting again.
     */
    lastDownloadId: uuid('last_download_id'),
    lastIssuedAt: timestamptz('last_issued_at'),
    /** Every order that granted it was refunded or disputed: no download until bought again. */
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchased_products_user_product_unique').on(t.userId, t.productId),
    // The buyers of a product (file updates reach them).
    index('purchased_products_product_idx').on(t.productId, t.userId),
    // The purchased products list's keyset (migration 0007).
    index('purchased_products_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('purchased_products_remaining_range', sql`${t.remainingDownloads} >= 0`),
  ],
);

/**
 * What each completed order granted: downloads are granted per order, so a refund takes back
 * exactly its order's part, and a product bought again in another order stays downloadable.
 */
export const purchaseGrants = pgTable(
  'purchase_grants',
  {
    /**
     * The line's order and its buyer, copied for lookups. No foreign keys of their own: the
     * line's key already holds both (its order's, whose buyer's), and deleting the order
     * deletes its lines and so these grants. Each key checked its row for every grant a
     * completion wrote, inside the completion (decision 0100).
     */
    orderId: uuid('order_id').notNull(),
    /**
     * The line that granted it: a bundle's line grants the bundle and each of its items, so an
     * order may grant a product through two lines, and a line refund takes back its own.
     */
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    userId: uuid('user_id').notNull(),
    /** What it still gives: a refund of some of the line's units takes their part off. */
    downloads: integer('downloads').notNull(),
    /** The refund or dispute of the order, or of every unit of the line, took this grant back. */
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.productId] }),
    index('purchase_grants_order_idx').on(t.orderId),
    index('purchase_grants_user_product_idx').on(t.userId, t.productId),
  ],
);

/**
 * Every file a product has had: a new `originalAsset` on edit is a new version, and earlier
 * ones stay in storage for the record. `products.asset_key` is always the latest.
 */
export const productFiles = pgTable(
  'product_files',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    assetKey: text('asset_key').notNull(),
    contentType: text('content_type'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** What the admin wrote for the buyers (the update mail's note). */
    releaseNote: text('release_note'),
    /**
     * The last buyer (user id) this version's fan-out reached, written with each batch: a
     * retried or resumed fan-out goes on after it (`catalog/file-update-jobs.ts`).
     */
    fanOutAfter: uuid('fan_out_after'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.version] })],
);

/** Every slug a product has had: an old one redirects to the current, and is never reused. */
export const productSlugs = pgTable(
  'product_slugs',
  {
    slug: text('slug').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_slugs_product_idx').on(t.productId)],
);

/** A product's gallery in display order; position 0 is `products.preview_image_key`. */
export const productPreviews = pgTable(
  'product_previews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    imageKey: text('image_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_previews_position_idx').on(t.productId, t.position),
    check('product_previews_position_range', sql`${t.position} between 0 and 7`),
  ],
);

/**
 * One review per buyer and product. A hidden one (by the admin, or by the refund that took the
 * product back) is out of the lists and the rating summary, and shown to its author only.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    replyBody: text('reply_body'),
    repliedAt: timestamptz('replied_at'),
    hiddenAt: timestamptz('hidden_at'),
    hiddenReason: text('hidden_reason', { enum: ['admin', 'refund'] }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_user_idx').on(t.userId),
    // Keyset pages of a product's shown reviews, one per sort (rating serves both directions).
    index('reviews_product_newest_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_product_helpful_idx')
      .on(t.productId, t.helpfulCount.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_product_rating_idx')
      .on(t.productId, t.rating, t.id)
      .where(sql`${t.hiddenAt} is null`),
    // The admin's list across the store, newest first.
    index('reviews_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** One helpful vote per signed-in user and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * The store's mean rating, the prior of every product's `rating_score`; one row, refreshed by
 * the `rating-prior` job.
 */
export const ratingPrior = pgTable(
  'rating_prior',
  {
    id: boolean('id').primaryKey().default(true),
    mean: doublePrecision('mean').notNull(),
    refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
  },
  (t) => [check('rating_prior_one_row', sql`${t.id}`)],
);

/**
 * Refunds and disputes the store knows of: full refunds (the admin's or the provider's), partial
 * ones made in the provider's dashboard (recorded, no status change) and disputes. What a full
 * refund did to coupons is kept, so a failed refund can be undone exactly.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['full', 'partial', 'dispute'] }).notNull(),
    status: text('status', { enum: ['succeeded', 'pending', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Stripe's refund (`re_...`) or dispute (`dp_...`) id; null for the local provider. */
    providerRefundId: text('provider_refund_id').unique(),
    /** The unused reward coupon this refund took back. */
    revokedCouponId: uuid('revoked_coupon_id'),
    /** The coupon the order had used, given back by this refund. */
    restoredCouponId: uuid('restored_coupon_id'),
    createdAt: createdAt(),
    failedAt: timestamptz('failed_at'),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/**
 * One row per counted download (one decrement = one signed URL); `fetch_count` counts the file
 * responses the api served for it (local storage; S3 serves presigned URLs itself).
 */
export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    purchasedProductId: uuid('purchased_product_id')
      .notNull()
      .references(() => purchasedProducts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    /** When the signed URL stops working. */
    expiresAt: timestamptz('expires_at').notNull(),
    fetchCount: integer('fetch_count').notNull().default(0),
    lastFetchedAt: timestamptz('last_fetched_at'),
  },
  (t) => [
    index('downloads_purchased_product_idx').on(t.purchasedProductId),
    index('downloads_product_issued_idx').on(t.productId, t.issuedAt),
  ],
);

/** The built-in `local` payment provider's own sessions (what Stripe would store). */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
    .notNull()
    .default('unpaid'),
  /** `[{name, unitAmount, quantity}]` in cents, as shown on the hosted page. */
  lineItems: jsonb('line_items').$type<LocalLineItem[]>().notNull(),
  amountSubtotal: integer('amount_subtotal').notNull(),
  amountDiscount: integer('amount_discount').notNull(),
  amountTotal: integer('amount_total').notNull(),
  discountLabel: text('discount_label'),
  customerEmail: text('customer_email'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  completedAt: timestamptz('completed_at'),
});

/**
 * The hand-written mail queue before pg-boss: nothing reads or writes it. It stays in the
 * database for one release because the previous release reads it at start, so a rollback to it
 * still starts; the release after drops it, refusing while a message is still waiting
 * (docs/decisions/0082-mail-queue-dropped-a-release-later.md). Kept here so that drop is the only
 * migration to touch it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Also the claim: a retry pushes it past its own sending time, so no other one takes it. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    givenUpAt: timestamptz('given_up_at'),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.givenUpAt} is null`),
  ],
);

/**
 * Mail the relay accepted, by the idempotency key its job carries. pg-boss runs a job at least
 * once (again after a worker vanished or a hung attempt expired); the key seen here means the
 * mail went out and is not sent a second time.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    key: text('key').primaryKey(),
    deliveredAt: timestamptz('delivered_at').notNull().defaultNow(),
  },
  (t) => [index('mail_deliveries_delivered_at_idx').on(t.deliveredAt)],
);

export interface LocalLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

export type User = typeof users.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type LocalCheckoutSession = typeof localCheckoutSessions.$inferSelect;

/**
 * One license key per unit of a licensed product (a bundle's licensed items too), inserted by
 * the statement that completes the order. The key itself is never stored: `lookup_hash` is its
 * keyed hash (how the public API finds it) and `sealed_key` the key encrypted under the
 * key-encryption key (how its owner reads it); both are written right after the completion by
 * the completing caller (null until then; the fill is idempotent and repeated by the licenses
 * sweep). `key_hint` is its last group, the part the admin sees.
 */
export const licenseKeys = pgTable(
  'license_keys',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Which unit of the line (1..quantity), for each licensed product the line grants. */
    unit: integer('unit').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lookupHash: bytea('lookup_hash').unique(),
    sealedKey: bytea('sealed_key'),
    keyHint: text('key_hint'),
    activationLimit: integer('activation_limit').notNull(),
    /** Null: perpetual. Past it, the key reads `expired`. */
    expiresAt: timestamptz('expires_at'),
    /** The admin disabled it (enable clears it). */
    disabledAt: timestamptz('disabled_at'),
    /** A refund of its unit (or of the order) took it back. */
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('license_keys_unit_idx').on(t.orderItemId, t.productId, t.unit),
    index('license_keys_user_idx').on(t.userId, t.productId),
    index('license_keys_order_idx').on(t.orderId),
    index('license_keys_unsealed_idx')
      .on(t.createdAt)
      .where(sql`${t.lookupHash} is null`),
    check('license_keys_unit_positive', sql`${t.unit} >= 1`),
    check('license_keys_activation_limit', sql`${t.activationLimit} between 1 and 1000`),
  ],
);

/**
 * A device a key is activated on. `fingerprint_hash` is the SHA-256 of the app's fingerprint
 * (any length in, 32 bytes kept): the same fingerprint again is the same activation. The
 * idle-release job deletes one whose `last_seen_at` is older than LICENSE_IDLE_DAYS.
 */
export const licenseActivations = pgTable(
  'license_activations',
  {
    id: id(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenseKeys.id, { onDelete: 'cascade' }),
    fingerprintHash: bytea('fingerprint_hash').notNull(),
    name: text('name').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('license_activations_fingerprint_idx').on(t.licenseId, t.fingerprintHash),
    index('license_activations_last_seen_idx').on(t.lastSeenAt),
  ],
);
