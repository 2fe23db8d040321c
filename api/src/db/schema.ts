import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

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

/** Categories and asset types share one shape: the dropdown item of the spec. */
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
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
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
    maxDownloads: integer('max_downloads').notNull().default(5),
    downloadExpiryDays: integer('download_expiry_days'),
    /** Soft delete: gone from the catalog and carts, still there for buyers' downloads. */
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_id_idx').on(t.categoryId),
    index('products_created_at_idx').on(t.createdAt),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_max_downloads_positive', sql`${t.maxDownloads} > 0`),
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
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('cart_items_product_id_idx').on(t.productId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
