import { z } from 'zod';
import { idField, integer, isoTimestamp, uuidText } from './formats.ts';
import { licenseKey } from './licenses.ts';
import { nextCursor } from './paging.ts';

export const downloadParams = z.object({ productId: idField('Product id') });

export const downloadTicket = z.object({
  downloadUrl: z.string().meta({
    description: 'Opens without cookies; valid 5 minutes (a signed api link, or presigned S3)',
  }),
  remainingDownloads: integer,
});

/** The signed link's path parameter (about 300 characters). */
export const fileTokenParams = z.object({ token: z.string().max(1000) });

export const purchasedProduct = z
  .object({
    id: uuidText,
    productId: uuidText,
    slug: z.string().meta({ description: "The product page's slug (its current one)" }),
    name: z.string(),
    previewImageUrl: z.string(),
    expiresAt: isoTimestamp.nullable().meta({ description: 'null: never expires' }),
    remainingDownloads: integer,
    maxDownloads: integer,
    canDownload: z.boolean(),
    fileUpdatedAt: isoTimestamp
      .nullable()
      .meta({ description: 'When the file was last replaced by a new version; null: never' }),
    refunded: z.boolean().meta({
      description: 'Every order that granted it was refunded or disputed: no download',
    }),
    licenseKeys: z.array(licenseKey).meta({
      description: 'Its license keys, one per unit bought (a licensed product); else empty',
    }),
  })
  .meta({ id: 'PurchasedProduct', description: 'One grant: a product and its downloads' });

export const purchasedPage = z.object({
  purchasedProducts: z.array(purchasedProduct),
  nextCursor,
});

export type DownloadTicket = z.infer<typeof downloadTicket>;
export type PurchasedProduct = z.infer<typeof purchasedProduct>;
export type PurchasedPage = z.infer<typeof purchasedPage>;
