import { z } from 'zod';
import { dollars, idField, integer, isoTimestamp, money, uuidText } from './formats.ts';
import { ACCOUNT_PAGE_LIMIT, cursorParam, limitParam, nextCursor } from './paging.ts';

// A seller's discount codes (the dashboard's Discounts), the cart's quote, and what the coupon
// box answers for a code. A customer's own welcome and reward coupons are codes limited to one
// customer: the coupon box takes either.

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Products, and categories, one code may name. */
export const MAX_DISCOUNT_SCOPE = 100;
/** As typed, in any case; stored upper-cased. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
const CODE_RULE = 'Code must be 3 to 32 letters, digits or dashes';

/** A code as typed: trimmed and upper-cased, so codes are unique ignoring case. */
export const discountCodeText = z
  .string({ error: 'Code is required' })
  .trim()
  // Checked before upper-casing: 'ß' would become 'SS' and pass.
  .regex(DISCOUNT_CODE_PATTERN, CODE_RULE)
  .toUpperCase();

const scopeIds = (label: string) =>
  z
    .array(idField(label), { error: `${label}s must be a list` })
    .max(MAX_DISCOUNT_SCOPE, `At most ${MAX_DISCOUNT_SCOPE} ${label.toLowerCase()}s`)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]);

const when = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
    .transform((text) => new Date(text))
    .nullish()
    .transform((date) => date ?? null);

const limitOfUses = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1000000`)
    .nullable();

/**
 * The body of `POST /api/admin/discounts` and `PUT /api/admin/discounts/:id` (the whole code).
 * `value`: a whole percent from 1 to 100, or dollars with cents; parsed into `percentOff` or
 * `amountOffCents`.
 */
export const discountBody = z
  .object({
    code: discountCodeText,
    kind: z.enum(DISCOUNT_KINDS, { error: 'Kind must be percent or amount' }),
    value: z.unknown().optional(),
    appliesTo: z
      .object({ productIds: scopeIds('Product id'), categoryIds: scopeIds('Category id') })
      .nullish()
      .transform((scope) =>
        scope && (scope.productIds.length || scope.categoryIds.length) ? scope : null,
      )
      .meta({
        description: 'null: the whole cart; else the lines of these products or categories',
      }),
    minSubtotal: money('Minimum subtotal', { allowZero: true }).optional().default(0),
    startsAt: when('Start'),
    endsAt: when('End'),
    maxUses: limitOfUses('Use limit').optional().default(null),
    maxUsesPerCustomer: limitOfUses('Use limit per customer').optional().default(1),
    active: z.boolean({ error: 'Active must be true or false' }).optional().default(true),
  })
  .transform((body, ctx) => {
    const { value, ...rest } = body;
    let percentOff: number | null = null;
    let amountOffCents: number | null = null;
    if (body.kind === 'percent') {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percent off is required' });
        return z.NEVER;
      }
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Percent off must be a whole number from 1 to 100',
        });
        return z.NEVER;
      }
      percentOff = value;
    } else {
      const parsed = money('Amount off').safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
        return z.NEVER;
      }
      amountOffCents = parsed.data;
    }
    if (body.startsAt && body.endsAt && body.endsAt <= body.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' });
      return z.NEVER;
    }
    return { ...rest, percentOff, amountOffCents, minSubtotalCents: body.minSubtotal };
  });

export const discountParams = z.object({ id: idField('Discount id') });

export const adminDiscountsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(32, 'q must be at most 32 characters')
    .optional()
    .default('')
    .transform((q) => q.toUpperCase())
    .meta({ description: 'The start of a code (any case); empty: every code' }),
  cursor: cursorParam,
  limit: limitParam(ACCOUNT_PAGE_LIMIT),
});

export const discountView = z
  .object({
    id: uuidText,
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.number().meta({ description: 'Percent off (1-100), or dollars off' }),
    appliesTo: z
      .object({ productIds: z.array(uuidText), categoryIds: z.array(uuidText) })
      .nullable(),
    minSubtotal: dollars,
    startsAt: isoTimestamp.nullable(),
    endsAt: isoTimestamp.nullable(),
    maxUses: integer
      .nullable()
      .meta({ description: 'Open and completed checkouts; null: no limit' }),
    maxUsesPerCustomer: integer.nullable(),
    active: z.boolean().meta({ description: 'false: paused' }),
    uses: integer.meta({ description: 'Completed orders with the code, not fully refunded' }),
    revenue: dollars.meta({ description: 'What those orders charged, net of refunds' }),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'Discount', description: 'A discount code as the admin manages it' });

export const discountsPage = z
  .object({ discounts: z.array(discountView), nextCursor })
  .meta({ id: 'DiscountPage', description: 'One page of discount codes, newest first' });

// The coupon box and the cart's figures.

/** `POST /api/coupons/validate`: a percent code says its percent, an amount code its dollars. */
export const validCodeAnswer = z.union([
  z.object({ message: z.string(), code: z.string(), discountPercentage: integer }),
  z.object({
    message: z.string(),
    code: z.string(),
    discountAmount: dollars.meta({ description: 'Dollars off the lines it applies to' }),
  }),
]);

export const quoteQuery = z.object({
  code: z
    .string()
    .trim()
    .max(64, 'Coupon not found')
    .optional()
    .transform((code) => code || null)
    .meta({ description: 'A code to apply (the coupon box); absent: no discount' }),
});

export const cartQuote = z
  .object({
    subtotal: dollars,
    discount: dollars,
    total: dollars.meta({ description: 'What checkout charges for this cart and code' }),
    code: z.string().nullable().meta({ description: 'The code applied, as stored' }),
    lines: z.array(
      z.object({
        productId: uuidText,
        price: dollars.meta({ description: 'Unit price charged' }),
        originalPrice: dollars.optional().meta({
          description: 'While a sale runs (or owned items lower a bundle): the price before',
        }),
        quantity: integer,
        discount: dollars.meta({ description: "The line's share of the discount (all units)" }),
      }),
    ),
  })
  .meta({ id: 'CartQuote', description: "The cart's figures, as checkout will charge them" });

export type DiscountInput = z.input<typeof discountBody>;
export type Discount = z.infer<typeof discountView>;
export type DiscountsPage = z.infer<typeof discountsPage>;
export type AdminDiscountsQuery = z.input<typeof adminDiscountsQuery>;
export type ValidCode = z.infer<typeof validCodeAnswer>;
export type CartQuote = z.infer<typeof cartQuote>;
