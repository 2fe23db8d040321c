import { z } from 'zod';
import { dollars, idField, integer, money } from './formats.ts';

// What a seller sets beyond a product's price: a sale, pay what you want, a bundle's items.

export const PRICING_KINDS = ['fixed', 'pay_what_you_want'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

export const MIN_BUNDLE_ITEMS = 2;
export const MAX_BUNDLE_ITEMS = 50;

const when = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
    .transform((text) => new Date(text));

/**
 * The pricing fields of a product's create and edit bodies. On an edit, a field left out keeps
 * its value and null removes it; the api checks them against each other and against the price
 * (a sale below the price and not on pay what you want, a suggested price at least the minimum,
 * a bundle of 2-50 products that are not bundles, never itself, and not pay what you want).
 */
export const pricingFields = {
  pricing: z
    .enum(PRICING_KINDS, { error: 'Pricing must be fixed or pay_what_you_want' })
    .optional()
    .meta({ description: '`pay_what_you_want`: `price` is the minimum (0 allowed)' }),
  salePrice: money('Sale price')
    .nullish()
    .meta({ description: 'Dollars, below the price, while the sale runs; null ends the sale' }),
  saleEndsAt: when('Sale end')
    .nullish()
    .meta({ description: 'When the sale ends (in the future); null: until removed' }),
  suggestedPrice: money('Suggested price', { allowZero: true })
    .nullish()
    .meta({ description: 'Pay what you want: the price shown first, at least the minimum' }),
  bundleItems: z
    .array(idField('Bundle item'), { error: 'bundleItems must be a list of product ids' })
    .max(MAX_BUNDLE_ITEMS, `A bundle holds at most ${MAX_BUNDLE_ITEMS} products`)
    .nullish()
    .refine((ids) => !ids?.length || new Set(ids).size === ids.length, {
      message: 'A bundle names each product once',
    })
    .refine((ids) => !ids?.length || ids.length >= MIN_BUNDLE_ITEMS, {
      message: `A bundle holds at least ${MIN_BUNDLE_ITEMS} products`,
    })
    .meta({ description: 'Product ids in display order; empty or null: not a bundle' }),
};

/** A pay-what-you-want line's terms, as the cart shows them beside the buyer's price. */
export const payWhatYouWantTerms = z.object({
  minimum: dollars,
  suggested: dollars.nullable(),
});

/** What a bundle costs this viewer: the items they own already are taken off its price. */
export const bundleForViewer = z
  .object({
    owned: integer.meta({ description: 'Items of the bundle the viewer owns already' }),
    total: integer.meta({ description: 'Items in the bundle' }),
    price: dollars.meta({
      description: 'What the viewer pays: the bundle price less what they paid for those items',
    }),
  })
  .meta({ id: 'BundleForViewer' });

export type BundleForViewer = z.infer<typeof bundleForViewer>;
export type PayWhatYouWantTerms = z.infer<typeof payWhatYouWantTerms>;
