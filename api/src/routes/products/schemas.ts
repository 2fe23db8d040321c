import { z } from 'zod';
import { dollars, isoTimestamp, uuidText, integer } from '../common/formats.ts';
import {
  ACCOUNT_PAGE_LIMIT,
  CATALOG_PAGE_LIMIT,
  CATALOG_SORTS,
  cursorParam,
  limitParam,
  nextCursor,
  sortParam,
} from '../common/paging.ts';

const MAX_PRICE_CENTS = 100_000_000;

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a string`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const uuid = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .pipe(z.uuid({ error: `${label} must be a valid id` }));

/** Dollars (a number or a numeric string) to integer cents: > 0, at most 2 decimals. */
export const price = z.unknown().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (raw === undefined || raw === null || raw === '') return fail('Price is required');
  const value =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)
        ? Number(raw)
        : Number.NaN;
  if (!Number.isFinite(value)) return fail('Price must be a number');
  if (value <= 0) return fail('Price must be greater than 0');
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) return fail('Price can have at most 2 decimals');
  if (cents > MAX_PRICE_CENTS) return fail('Price is too high');
  return cents;
});

export const createProductBody = z.object({
  name: text('Name', 200),
  description: text('Description', 5000),
  price,
  categoryId: uuid('Category'),
  assetTypeId: uuid('Asset type'),
  previewImage: z
    .string({ error: 'Preview image is required' })
    .min(1, 'Preview image is required'),
  originalAsset: z.string({ error: 'Asset file must be a data URL' }).nullish(),
  fileName: z.string({ error: 'File name must be a string' }).max(500).nullish(),
  // Informational: the stored size is the decoded file's.
  fileSize: z
    .number({ error: 'File size must be a number' })
    .int('File size must be a whole number')
    .nonnegative('File size must not be negative')
    .nullish(),
});

export const productIdParams = z.object({ id: uuid('Product id') });

export const downloadParams = z.object({ productId: uuid('Product id') });

export const categoryParams = z.object({ category: z.string().min(1).max(200) });

const catalogSort = sortParam(CATALOG_SORTS, 'newest').meta({
  description:
    'newest (default), price_asc, price_desc or name; each page is ordered by it, then by id',
});

export const categoryQuery = z.object({
  sort: catalogSort,
  cursor: cursorParam,
  limit: limitParam(CATALOG_PAGE_LIMIT),
});

const MAX_QUERY_LENGTH = 200;

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
    name: z.string(),
    description: z.string(),
    price: dollars,
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
    created_at: isoTimestamp,
  })
  .meta({ id: 'Product', description: 'A product as every read answers it (contract section 4)' });

export const productList = z.array(productView);

export const productsPage = z
  .object({ products: productList, nextCursor })
  .meta({ id: 'ProductPage', description: 'One page of products' });

export const deletedAnswer = z.object({ message: z.string(), id: uuidText });

export const downloadTicket = z.object({
  downloadUrl: z.string().meta({
    description: 'Opens without cookies; valid 5 minutes (a signed api link, or presigned S3)',
  }),
  remainingDownloads: integer,
});
