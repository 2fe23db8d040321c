import { z } from 'zod';
import { dollars, isoTimestamp, uuidText, integer } from '../common/formats.ts';
import { nextCursor } from '../common/paging.ts';

export const orderView = z
  .object({
    id: uuidText,
    status: z.enum(['pending', 'completed', 'failed']),
    subtotal_amount: dollars,
    discount_amount: dollars,
    total_amount: dollars.meta({ description: 'What was (or is to be) charged' }),
    coupon_code: z.string().nullable(),
    created_at: isoTimestamp,
    completed_at: isoTimestamp.nullable(),
    items: z.array(
      z.object({
        id: uuidText,
        product_id: uuidText,
        name: z.string().meta({ description: 'As bought' }),
        quantity: integer,
        price: dollars.meta({ description: 'Unit price as bought' }),
        preview_image_url: z.string(),
      }),
    ),
  })
  .meta({ id: 'Order', description: 'An order of the signed-in user (contract section 5)' });

export const ordersPage = z
  .object({ orders: z.array(orderView), nextCursor })
  .meta({ id: 'OrderPage', description: 'One page of orders, newest first' });

export const purchasedAnswer = z.object({
  purchasedProducts: z.array(
    z
      .object({
        id: uuidText,
        productId: uuidText,
        name: z.string(),
        previewImageUrl: z.string(),
        expiresAt: isoTimestamp.nullable().meta({ description: 'null: never expires' }),
        remainingDownloads: integer,
        maxDownloads: integer,
        canDownload: z.boolean(),
      })
      .meta({ id: 'PurchasedProduct', description: 'One grant: a product and its downloads' }),
  ),
  nextCursor,
});
