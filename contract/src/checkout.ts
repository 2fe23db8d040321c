import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY } from './cart.ts';
import { dollars, idField, integer, isoTimestamp, uuidText } from './formats.ts';
import { ACCOUNT_PAGE_LIMIT, cursorParam, limitParam, nextCursor } from './paging.ts';

const productId = z.string().pipe(z.uuid({ error: 'Product id must be a valid id' }));

const checkoutLine = z
  .object({
    _id: productId.optional(),
    id: productId.optional(),
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, `Quantity must be between 1 and ${MAX_QUANTITY}`)
      .max(MAX_QUANTITY, `Quantity must be between 1 and ${MAX_QUANTITY}`),
  })
  .refine((line) => line._id ?? line.id, { error: 'Product id is required' });

export const checkoutBody = z.object({
  products: z
    .array(checkoutLine, { error: 'Products are required' })
    .min(1, 'Your cart is empty')
    .max(MAX_CART_LINES, 'Too many different products in one order'),
  couponCode: z.string().trim().max(64).nullish(),
});

export const checkoutSuccessBody = z.object({
  sessionId: z.string({ error: 'Session id is required' }).min(1).max(255),
});

const sessionId = z.string().meta({ description: "The provider's checkout session id" });
const totalAmount = dollars.meta({ description: 'To be charged, after the coupon' });

export const checkoutAnswer = z.union([
  z
    .object({
      id: sessionId,
      url: z.string().meta({ description: 'The hosted checkout page to send the shopper to' }),
      totalAmount,
    })
    .meta({ title: 'Hosted checkout', description: 'The `local` provider' }),
  z
    .object({
      id: sessionId,
      clientSecret: z.string().meta({
        description: "Mounts Stripe's embedded Checkout in the page (Stripe.js)",
      }),
      totalAmount,
    })
    .meta({ title: 'Embedded checkout', description: 'The `stripe` provider' }),
]);

export const confirmedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: uuidText,
});

export const webhookAnswer = z.object({
  received: z.boolean().meta({ description: 'Always true' }),
});

// Never refused by its schema: the signature check needs the exact bytes received, whatever
// they are (an unsigned or malformed event is the provider check's 400).
export const webhookBody = z.unknown().meta({
  description:
    "The provider's event as sent (Stripe's, or the local provider's " +
    '`{type, data: {object: {id}}}`), verified over the raw bytes',
});

// Any text: an unknown id gets the hosted page's own 404, never a JSON validation error.
export const localSessionParams = z.object({
  sessionId: z.string().meta({ description: 'The checkout session id (the capability)' }),
});

// Orders.

/**
 * `refunded`: the store refunded it in full; `disputed`: the buyer's bank disputed the charge.
 * Both take back what the order granted. `partially_refunded`: some of its lines were refunded,
 * and took back what those granted.
 */
export const ORDER_STATUSES = [
  'pending',
  'completed',
  'failed',
  'partially_refunded',
  'refunded',
  'disputed',
] as const;

/** Units of one line a refund names. */
export const refundLine = z.object({
  orderItemId: idField('Order item id'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, `Quantity must be between 1 and ${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `Quantity must be between 1 and ${MAX_QUANTITY}`),
});

/** `POST /api/orders/:id/refund`: without `lines`, the whole order. */
export const refundBody = z
  .object({
    lines: z
      .array(refundLine, { error: 'lines must be a list' })
      .min(1, 'Pick at least one line to refund')
      .max(MAX_CART_LINES, 'Too many lines')
      .optional(),
  })
  .nullish();

export const orderParams = z.object({ id: idField('Order id') });

export const orderItem = z.object({
  id: uuidText,
  product_id: uuidText,
  slug: z.string().meta({ description: "The product page's slug (its current one)" }),
  name: z.string().meta({ description: 'As bought' }),
  quantity: integer,
  price: dollars.meta({ description: 'Unit price as bought' }),
  discount: dollars.meta({ description: "The line's share of the order's discount (all units)" }),
  refunded_quantity: integer.meta({ description: 'Units of the line refunded' }),
  preview_image_url: z.string(),
});

export const orderView = z
  .object({
    id: uuidText,
    status: z.enum(ORDER_STATUSES),
    subtotal_amount: dollars,
    discount_amount: dollars,
    total_amount: dollars.meta({ description: 'What was (or is to be) charged' }),
    coupon_code: z.string().nullable(),
    created_at: isoTimestamp,
    completed_at: isoTimestamp.nullable(),
    items: z.array(orderItem),
  })
  .meta({ id: 'Order', description: 'An order of the signed-in user' });

export const ordersPage = z
  .object({ orders: z.array(orderView), nextCursor })
  .meta({ id: 'OrderPage', description: 'One page of orders, newest first' });

// The admin's orders.

export const adminOrdersQuery = z.object({
  q: z.string().trim().max(254, 'q must be at most 254 characters').optional().default('').meta({
    description:
      "An order id, or part of the customer's e-mail address (any case); empty: every order",
  }),
  cursor: cursorParam,
  limit: limitParam(ACCOUNT_PAGE_LIMIT),
});

export const adminOrderView = orderView
  .extend({
    customer_email: z.string(),
    refunded_amount: dollars.meta({ description: 'Given back by refunds so far' }),
    refunded_at: isoTimestamp.nullable(),
    refund_failed_at: isoTimestamp.nullable().meta({
      description: 'The provider reported the last refund failed; the order is completed again',
    }),
  })
  .meta({ id: 'AdminOrder', description: 'An order as the admin lists it' });

export const adminOrdersPage = z
  .object({ orders: z.array(adminOrderView), nextCursor })
  .meta({ id: 'AdminOrderPage', description: 'One page of every order, newest first' });

export type RefundInput = z.input<typeof refundBody>;
export type CheckoutPayload = z.input<typeof checkoutBody>;
export type CheckoutSession = z.infer<typeof checkoutAnswer>;
export type CheckoutConfirmation = z.infer<typeof confirmedAnswer>;
export type OrderStatus = z.infer<typeof orderView>['status'];
export type OrderItem = z.infer<typeof orderItem>;
export type Order = z.infer<typeof orderView>;
export type OrdersPage = z.infer<typeof ordersPage>;
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;
export type AdminOrder = z.infer<typeof adminOrderView>;
export type AdminOrdersPage = z.infer<typeof adminOrdersPage>;
