import { z } from 'zod';
import { MAX_PREVIEW_IMAGES, productList } from './catalog.ts';
import { purchasedProduct } from './downloads.ts';
import { dollars, idField, integer, isoTimestamp, uuidText } from './formats.ts';
import { ACCOUNT_PAGE_LIMIT, cursorParam, limitParam, nextCursor, sortParam } from './paging.ts';
import { bundleForViewer, PRICING_KINDS } from './pricing.ts';

/** Related products on a product page. */
export const RELATED_LIMIT = 8;
/** Product URLs in one sitemap file (the protocol's own limit). */
export const SITEMAP_FILE_URLS = 50_000;
/** Slugs one page of `GET /api/products/slugs` holds at most (and by default). */
export const SLUGS_PAGE_LIMIT = 1000;
/** File versions a product page lists, newest first. */
export const CHANGELOG_LIMIT = 50;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;
export const REVIEW_REPLY_MAX = 5000;
/** Reviews a page of a product's reviews holds by default. */
export const REVIEWS_PAGE_LIMIT = 10;
/** The weight, in reviews, of the store's mean rating in every product's `rating` score. */
export const RATING_PRIOR_WEIGHT = 10;

export const slugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(300, 'Slug must be at most 300 characters')
    .meta({ description: "The product's slug; an old one answers 301 to the current" }),
});

export const ratingSummary = z
  .object({
    average: z.number().nullable().meta({ description: 'Mean of the shown reviews; null: none' }),
    count: integer,
    histogram: z
      .object({ 1: integer, 2: integer, 3: integer, 4: integer, 5: integer })
      .meta({ description: 'Shown reviews per star rating' }),
  })
  .meta({ id: 'RatingSummary', description: "Kept by the database with every review's change" });

export const changelogEntry = z.object({
  version: integer,
  notes: z.string().nullable().meta({ description: 'The release note stored with the version' }),
  released_at: isoTimestamp,
});

export const productPage = z
  .object({
    id: uuidText,
    slug: z.string(),
    name: z.string(),
    description: z
      .string()
      .meta({ description: 'Plain text with paragraphs, `- ` lists, `**bold**` and `*italic*`' }),
    price: dollars,
    sale_price: dollars.nullable().meta({ description: 'null: no sale runs' }),
    sale_ends_at: isoTimestamp.nullable(),
    pricing: z.enum(PRICING_KINDS),
    suggested_price: dollars.nullable(),
    category: z.string(),
    category_display_name: z.string().nullable(),
    asset_type: z.string().nullable(),
    asset_type_display_name: z.string().nullable(),
    preview_images: z
      .array(z.string())
      .meta({ description: `1 to ${MAX_PREVIEW_IMAGES} image URLs in display order` }),
    file_name: z.string().nullable(),
    file_size: integer.nullable(),
    file_type: z.string().nullable().meta({ description: "The file's media type" }),
    file_updated_at: isoTimestamp.nullable(),
    changelog: z
      .array(changelogEntry)
      .meta({ description: `File versions, newest first (the latest ${CHANGELOG_LIMIT})` }),
    rating: ratingSummary,
    licensed: z.boolean().meta({ description: 'Each unit bought comes with a license key' }),
    activation_limit: integer.meta({ description: 'Devices per license key at once' }),
    license_days: integer.nullable().meta({ description: 'Days a key lasts; null: perpetual' }),
    max_downloads: integer,
    download_expiry_days: integer.nullable(),
    bundle_items: z.array(
      z.object({ id: uuidText, slug: z.string(), name: z.string(), price: dollars }),
    ),
    created_at: isoTimestamp,
  })
  .meta({ id: 'ProductDetails', description: "A product's page, alike for every viewer" });

export const relatedAnswer = productList.meta({
  description: `Up to ${RELATED_LIMIT} products of the same category, nearest first`,
});

// The sitemap reads far more per page than a screen does: its own limit, not limitParam's 100.
const slugsLimit = z
  .string()
  .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${SLUGS_PAGE_LIMIT}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, `limit must be a whole number from 1 to ${SLUGS_PAGE_LIMIT}`)
      .max(SLUGS_PAGE_LIMIT, `limit must be at most ${SLUGS_PAGE_LIMIT}`),
  )
  .optional()
  .default(SLUGS_PAGE_LIMIT)
  .meta({
    description: `Slugs per page, 1 to ${SLUGS_PAGE_LIMIT} (default ${SLUGS_PAGE_LIMIT})`,
  });

export const slugsQuery = z.object({ cursor: cursorParam, limit: slugsLimit });

export const slugsPage = z.object({
  slugs: z.array(z.object({ slug: z.string(), updated_at: isoTimestamp })),
  nextCursor,
});

// Reviews.

export const REVIEW_SORTS = ['newest', 'helpful', 'rating_desc', 'rating_asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const stars = z
  .number({ error: 'Rating must be a number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be from 1 to 5')
  .max(5, 'Rating must be from 1 to 5');

const reviewText = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const reviewBody = z.object({
  rating: stars,
  title: reviewText('Title', REVIEW_TITLE_MAX),
  body: reviewText('Review', REVIEW_BODY_MAX),
});

export const replyBody = z.object({ body: reviewText('Reply', REVIEW_REPLY_MAX) });

export const reviewParams = z.object({ id: idField('Review id') });

export const reviewsQuery = z.object({
  sort: sortParam(REVIEW_SORTS, 'newest'),
  cursor: cursorParam,
  limit: limitParam(REVIEWS_PAGE_LIMIT),
});

export const reviewView = z
  .object({
    id: uuidText,
    rating: integer,
    title: z.string(),
    body: z.string().meta({ description: 'Plain text: show it as text, never as HTML' }),
    authorName: z.string().meta({ description: 'First name and the initial of the last' }),
    verified: z.boolean().meta({ description: 'The author bought the product' }),
    helpfulCount: integer,
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
    reply: z.object({ body: z.string(), createdAt: isoTimestamp }).nullable(),
  })
  .meta({ id: 'Review', description: "A buyer's review" });

export const reviewsPage = z
  .object({ reviews: z.array(reviewView), nextCursor })
  .meta({ id: 'ReviewPage', description: 'One page of shown reviews' });

export const helpfulAnswer = z.object({ helpfulCount: integer });

export const productMine = z
  .object({
    owned: z.boolean().meta({ description: 'The viewer may download it (and review it)' }),
    review: reviewView
      .extend({ hidden: z.boolean() })
      .nullable()
      .meta({ description: "The viewer's own review, hidden or not" }),
    purchase: purchasedProduct
      .nullable()
      .meta({ description: 'As My Downloads lists it; null: never bought' }),
    bundle: bundleForViewer.nullable().meta({ description: 'null: not a bundle' }),
  })
  .meta({ id: 'ProductMine', description: 'What of a product page belongs to the viewer' });

export const adminReviewsQuery = z.object({
  rating: z
    .enum(['1', '2', '3', '4', '5'], { error: 'rating must be 1, 2, 3, 4 or 5' })
    .transform(Number)
    .optional(),
  hidden: z
    .enum(['true', 'false'], { error: 'hidden must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  cursor: cursorParam,
  limit: limitParam(ACCOUNT_PAGE_LIMIT),
});

export const adminReviewView = reviewView
  .extend({
    productId: uuidText,
    productName: z.string(),
    productSlug: z.string(),
    authorEmail: z.string(),
    hidden: z.boolean(),
    hiddenReason: z.enum(['admin', 'refund']).nullable(),
  })
  .meta({ id: 'AdminReview', description: 'A review as the admin moderates it' });

export const adminReviewsPage = z
  .object({ reviews: z.array(adminReviewView), nextCursor })
  .meta({ id: 'AdminReviewPage', description: 'One page of reviews, newest first' });

export type ProductPage = z.infer<typeof productPage>;
export type RatingSummary = z.infer<typeof ratingSummary>;
export type SlugsPage = z.infer<typeof slugsPage>;
export type ReviewInput = z.input<typeof reviewBody>;
export type Review = z.infer<typeof reviewView>;
export type ReviewsPage = z.infer<typeof reviewsPage>;
export type ReviewsQuery = z.input<typeof reviewsQuery>;
export type ProductMine = z.infer<typeof productMine>;
export type AdminReview = z.infer<typeof adminReviewView>;
export type AdminReviewsPage = z.infer<typeof adminReviewsPage>;
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>;
export type HelpfulAnswer = z.infer<typeof helpfulAnswer>;
