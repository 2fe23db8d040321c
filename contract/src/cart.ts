import { z } from 'zod';
import { dollars, idField, integer, money, uuidText } from './formats.ts';
import { payWhatYouWantTerms } from './pricing.ts';

/** Units of one product in a cart or an order line. */
export const MAX_QUANTITY = 99;
/** Lines in one cart (400 'Cart is full' past it). */
export const MAX_CART_LINES = 100;

const productId = idField('Product id');

export const addToCartBody = z.object({ productId });
// A DELETE without a body arrives as null.
export const removeFromCartBody = z.object({ productId: productId.optional() }).nullish();
export const cartLineParams = z.object({ productId });
export const quantityBody = z.object({
  customPrice: money('Price', { allowZero: true }).optional().meta({
    description: "Pay what you want: the buyer's price for one unit (the minimum or more)",
  }),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, `Quantity must be between 0 and ${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `Quantity must be between 0 and ${MAX_QUANTITY}`),
});

export const cartLine = z
  .object({
    _id: uuidText.meta({ description: 'The product id' }),
    id: uuidText.meta({ description: 'The product id (again, for the client)' }),
    slug: z.string().meta({ description: "The product page's slug" }),
    name: z.string(),
    description: z.string(),
    image: z.string().meta({ description: "The product's preview URL" }),
    price: dollars.meta({ description: 'What one unit is charged' }),
    originalPrice: dollars
      .optional()
      .meta({ description: 'While a sale runs (or owned items lower a bundle): the price before' }),
    payWhatYouWant: payWhatYouWantTerms
      .optional()
      .meta({ description: "Pay what you want: `price` is the buyer's, within these terms" }),
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
  })
  .meta({ id: 'CartLine', description: 'A cart line' });

export const cartAnswer = z
  .array(cartLine)
  .meta({ description: `The whole cart (at most ${MAX_CART_LINES} lines), oldest line first` });

export const couponAnswer = z
  .object({
    code: z.string(),
    discountPercentage: integer.meta({ description: 'Percent off the order total' }),
  })
  .meta({ id: 'Coupon', description: "The signed-in user's coupon" });

export const validCouponAnswer = couponAnswer.extend({ message: z.string() });

export const validateCouponBody = z.object({
  code: z
    .string({ error: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(64, 'Coupon not found'),
});

export type CartItem = z.infer<typeof cartLine>;
export type Coupon = z.infer<typeof couponAnswer>;
export type ValidCoupon = z.infer<typeof validCouponAnswer>;
