import { z } from 'zod';
import { dollars, idField, integer, isoTimestamp, money, uuidText } from './formats.ts';
import { PRICING_KINDS, pricingFields, type PricingKind } from './pricing.ts';
import { licenseFields } from './licenses.ts';
import {
  ACCOUNT_PAGE_LIMIT,
  CATALOG_PAGE_LIMIT,
  CATALOG_SORTS,
  cursorParam,
  limitParam,
  nextCursor,
  sortParam,
} from './paging.ts';

// Categories and asset types (the dropdowns).

export const dropdownItem = z
  .object({ id: uuidText, name: z.string(), display_name: z.string(), icon: z.string() })
  .meta({ id: 'DropdownItem', description: 'A category or asset type; `name` is the URL slug' });

export const categoriesAnswer = z.object({
  success: z.literal(true),
  data: z.array(dropdownItem),
});

export const statisticsAnswer = z.object({
  success: z.literal(true),
  data: z.array(
    dropdownItem.extend({
      product_count: integer,
      featured_count: integer,
      min_price: dollars.nullable(),
      max_price: dollars.nullable(),
    }),
  ),
});

export const allAnswer = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(dropdownItem), assetTypes: z.array(dropdownItem) }),
});

// Search limits (the admin list's search shares the length).

/** Longer queries are refused: a search box never needs more. */
export const MAX_QUERY_LENGTH = 200;
/** `relevance` (the default with words) and the catalog's sorts. */
export const SEARCH_SORTS = ['relevance', ...CATALOG_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Matches are counted up to this many ("1,000+ results"). */
export const TOTAL_CAP = 1000;

// Products.

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a string`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const price = money('Price');
/** A pay-what-you-want minimum may be 0; the body's refine holds a fixed price above it. */
const priceOrMinimum = money('Price', { allowZero: true });

/** Preview images a product shows on its page; the first is its card's. */
export const MAX_PREVIEW_IMAGES = 8;

const previewImages = (description: string) =>
  z
    .array(z.string({ error: 'Each preview image must be a data URL' }).min(1), {
      error: 'previewImages must be a list',
    })
    .min(1, 'Add a preview image')
    .max(MAX_PREVIEW_IMAGES, `At most ${MAX_PREVIEW_IMAGES} preview images`)
    .nullish()
    .meta({ description });

const productFields = z.object({
  name: text('Name', 200),
  description: text('Description', 5000),
  price: priceOrMinimum,
  ...pricingFields,
  ...licenseFields,
  categoryId: idField('Category'),
  assetTypeId: idField('Asset type'),
  previewImage: z
    .string({ error: 'Preview image must be a data URL' })
    .min(1, 'Preview image is required')
    .nullish()
    .meta({ description: 'One preview; `previewImages` takes up to 8' }),
  previewImages: previewImages(
    'Data URLs in display order; the first is the card image. Wins over `previewImage`',
  ),
  originalAsset: z.string({ error: 'Asset file must be a data URL' }).nullish(),
  fileName: z.string({ error: 'File name must be a string' }).max(500).nullish(),
  // Informational: the stored size is the decoded file's.
  fileSize: z
    .number({ error: 'File size must be a number' })
    .int('File size must be a whole number')
    .nonnegative('File size must not be negative')
    .nullish(),
});

const fixedPriceAboveZero = {
  check: (body: { price: number; pricing?: PricingKind | undefined }) =>
    body.price > 0 || body.pricing === 'pay_what_you_want',
  issue: { path: ['price'], message: 'Price must be greater than 0' },
};

export const createProductBody = productFields
  .refine((body) => Boolean(body.previewImages?.length || body.previewImage), {
    path: ['previewImage'],
    message: 'Preview image is required',
  })
  .refine(fixedPriceAboveZero.check, fixedPriceAboveZero.issue);

/** Edits take create's fields; a preview or a file left out keeps the current one. */
export const updateProductBody = productFields
  .extend({
    previewImages: previewImages(
      'The whole gallery in display order: data URLs for new images, and for kept ones the ' +
        'URL the product page lists; left out, the gallery stays (or `previewImage` replaces the first)',
    ),
    notifyBuyers: z
      .boolean({ error: 'notifyBuyers must be true or false' })
      .optional()
      .default(false)
      .meta({ description: 'With a new `originalAsset`: mail every buyer who has not opted out' }),
    releaseNote: z
      .string({ error: 'Release note must be a string' })
      .trim()
      .max(2000, 'Release note must be at most 2000 characters')
      .nullish()
      .meta({ description: "What changed in the new file, quoted in the buyers' mail" }),
  })
  .refine((body) => !body.notifyBuyers || Boolean(body.originalAsset), {
    path: ['notifyBuyers'],
    message: 'Buyers can be notified only of a new file',
  })
  // A fixed price of 0 is refused here; an edit that leaves `pricing` out is checked by the api.
  .refine(
    (body) => body.pricing === undefined || fixedPriceAboveZero.check(body),
    fixedPriceAboveZero.issue,
  );

export const buyersAnswer = z.object({
  buyers: integer.meta({
    description: 'Buyers an update mail would reach: completed, not refunded orders, not opted out',
  }),
});

export const productIdParams = z.object({ id: idField('Product id') });

export const categoryParams = z.object({ category: z.string().min(1).max(200) });

const catalogSort = sortParam(CATALOG_SORTS, 'newest').meta({
  description:
    'newest (default), price_asc, price_desc, name or rating (the Bayesian average of the ' +
    "reviews, the store's mean as the prior); each page is ordered by it, then by id",
});

export const categoryQuery = z.object({
  sort: catalogSort,
  cursor: cursorParam,
  limit: limitParam(CATALOG_PAGE_LIMIT),
});

export const adminProductsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional()
    .default('')
    .meta({
      description:
        'Part of the name (any case; `%` and `_` match themselves), or a product id; empty: all',
    }),
  sort: catalogSort,
  cursor: cursorParam,
  limit: limitParam(ACCOUNT_PAGE_LIMIT),
});

// Answers.

export const productView = z
  .object({
    id: uuidText,
    slug: z.string().meta({ description: 'The product page is `/product/:slug`' }),
    name: z.string(),
    description: z.string(),
    price: dollars.meta({ description: 'The price (while a sale runs, the price before it)' }),
    sale_price: dollars.nullable().meta({ description: 'What is charged while a sale runs' }),
    sale_ends_at: isoTimestamp.nullable(),
    pricing: z.enum(PRICING_KINDS),
    suggested_price: dollars
      .nullable()
      .meta({ description: 'Pay what you want: shown first; `price` is the minimum' }),
    is_bundle: z.boolean(),
    category: z.string().meta({ description: "The category's slug" }),
    category_display_name: z.string().nullable(),
    asset_type: z.string().nullable(),
    preview_image_url: z
      .string()
      .meta({ description: 'Always an image: a generated fallback when none was stored' }),
    is_featured: z.boolean(),
    file_name: z.string().nullable(),
    file_size: integer.nullable().meta({ description: 'Bytes' }),
    max_downloads: integer.meta({ description: 'Per unit bought' }),
    download_expiry_days: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Days a purchase can be downloaded; null: never expires' }),
    licensed: z.boolean().meta({ description: 'Each unit bought issues a license key' }),
    activation_limit: integer.meta({ description: 'Devices per license key at once' }),
    license_days: integer
      .nullable()
      .meta({ description: 'Days a license key lasts; null: perpetual' }),
    created_at: isoTimestamp,
  })
  .meta({ id: 'Product', description: 'A product as every read answers it' });

export const productList = z.array(productView);

export const productsPage = z
  .object({ products: productList, nextCursor })
  .meta({ id: 'ProductPage', description: 'One page of products' });

export const deletedAnswer = z.object({ message: z.string(), id: uuidText });

// Search.

const MAX_PRICE = 1_000_000;

/** An empty parameter (a form's "any") is the same as none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const slug = (label: string) =>
  optional(z.string().max(200, `${label} must be at most 200 characters`)).meta({
    description: `The ${label.toLowerCase()}'s slug (its \`name\`); an unknown one matches nothing`,
  });

/** Dollars as text: a number from 0 to MAX_PRICE, else a 400 that says so. */
const priceFilter = (name: string) =>
  optional(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, `${name} must be a number of dollars, 0 or more`)
      .transform(Number)
      .pipe(z.number().max(MAX_PRICE, `${name} must be at most ${MAX_PRICE}`)),
  ).meta({ description: `Dollars, 0 to ${MAX_PRICE}` });

export const searchQuery = z
  .object({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, `Search term must be at most ${MAX_QUERY_LENGTH} characters`)
      .optional()
      .default('')
      .meta({
        description:
          'Words as in a web search engine (`"a phrase"`, `or`, `-word`); the last word also ' +
          'matches as a prefix, and misspelt words match the closest words of the catalog',
      }),
    category: slug('Category'),
    assetType: slug('Asset type'),
    minPrice: priceFilter('minPrice'),
    maxPrice: priceFilter('maxPrice'),
    sort: optional(
      z.enum(SEARCH_SORTS, {
        error: `Unknown sort; use ${SEARCH_SORTS.slice(0, -1).join(', ')} or ${SEARCH_SORTS.at(-1)}`,
      }),
    ).meta({ description: '`relevance` by default when `q` has words, else `newest`' }),
    cursor: cursorParam,
    limit: limitParam(CATALOG_PAGE_LIMIT),
  })
  .superRefine((query, ctx) => {
    const filtered =
      query.category !== undefined ||
      query.assetType !== undefined ||
      query.minPrice !== undefined ||
      query.maxPrice !== undefined;
    if (!query.q.trim() && !filtered) {
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'Enter a search term' });
    }
    if (
      query.minPrice !== undefined &&
      query.maxPrice !== undefined &&
      query.minPrice > query.maxPrice
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPrice'],
        message: 'minPrice must not be more than maxPrice',
      });
    }
  });

export const searchAnswer = z
  .object({
    products: productList,
    nextCursor,
    total: integer.meta({ description: `Matches, counted up to ${TOTAL_CAP}` }),
    totalCapped: z
      .boolean()
      .meta({ description: `More than ${TOTAL_CAP} match ("${TOTAL_CAP}+ results")` }),
  })
  .meta({ id: 'SearchPage', description: 'One page of the products a search finds' });

// Previews.

export const previewParams = z.object({ name: z.string().max(200) });
export const previewQuery = z.object({
  /** A WebP rendition this wide; a width that is not made is a 404, like a missing file. */
  w: z.coerce.number().int().min(1).max(10_000).optional(),
});

export type Category = z.infer<typeof dropdownItem>;
export type CategoryStatistics = z.infer<typeof statisticsAnswer>['data'][number];
export type CategoriesAnswer = z.infer<typeof categoriesAnswer>;
export type StatisticsAnswer = z.infer<typeof statisticsAnswer>;
export type DropdownsAnswer = z.infer<typeof allAnswer>;
export type Product = z.infer<typeof productView>;
export type ProductsPage = z.infer<typeof productsPage>;
export type NewProduct = z.input<typeof createProductBody>;
export type ProductChange = z.input<typeof updateProductBody>;
export type BuyersAnswer = z.infer<typeof buyersAnswer>;
export type CategoryPageQuery = z.input<typeof categoryQuery>;
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;
export type DeletedAnswer = z.infer<typeof deletedAnswer>;
export type SearchQuery = z.input<typeof searchQuery>;
export type SearchPage = z.infer<typeof searchAnswer>;
