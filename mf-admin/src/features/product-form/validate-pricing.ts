import type { MAX_BUNDLE_ITEMS, MIN_BUNDLE_ITEMS, PricingKind } from '@store/contract';

/** Products a bundle holds: the api's bounds, typed by it. */
export const BUNDLE_MIN: typeof MIN_BUNDLE_ITEMS = 2;
export const BUNDLE_MAX: typeof MAX_BUNDLE_ITEMS = 50;

const MAX_CENTS = 100_000_000;

/** The pricing part of the product form, as typed. */
export interface PricingDraft {
  price: string;
  pricing: PricingKind;
  salePrice: string;
  saleEndsAt: string;
  suggestedPrice: string;
  bundleItems: string[];
}

type PricingField = keyof PricingDraft;
type PricingErrors = Partial<Record<PricingField, string>>;

/** Dollars as the api's `money` reads them, in its words; undefined when fine. */
function moneyProblem(label: string, raw: string, allowZero: boolean): string | undefined {
  const text = raw.trim();
  if (!text) return `${label} is required`;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `${label} must be a number`;
  const value = Number(text);
  if (allowZero ? value < 0 : value <= 0)
    return `${label} must be ${allowZero ? 'at least 0' : 'greater than 0'}`;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return `${label} can have at most 2 decimals`;
  if (Math.round(value * 100) > MAX_CENTS) return `${label} is too high`;
  return undefined;
}

const cents = (text: string) => Math.round(Number(text.trim()) * 100);

/** Whether the draft sets a sale: fixed pricing and a sale price typed. */
export const hasSale = (draft: PricingDraft) =>
  draft.pricing === 'fixed' && draft.salePrice.trim() !== '';

function saleProblems(draft: PricingDraft, priceFine: boolean, now: number): PricingErrors {
  const errors: PricingErrors = {};
  if (draft.pricing !== 'fixed') return errors;
  if (!hasSale(draft)) {
    if (draft.saleEndsAt) errors.saleEndsAt = 'Sale end needs a sale price';
    return errors;
  }
  const sale = moneyProblem('Sale price', draft.salePrice, false);
  if (sale) errors.salePrice = sale;
  else if (priceFine && cents(draft.salePrice) >= cents(draft.price))
    errors.salePrice = 'Sale price must be below the price';
  if (draft.saleEndsAt) {
    const ends = new Date(draft.saleEndsAt).getTime();
    if (Number.isNaN(ends)) errors.saleEndsAt = 'Sale end must be a date and time';
    else if (ends <= now) errors.saleEndsAt = 'Sale end must be in the future';
  }
  return errors;
}

function suggestedProblem(draft: PricingDraft, priceFine: boolean): string | undefined {
  if (draft.pricing !== 'pay_what_you_want' || !draft.suggestedPrice.trim()) return undefined;
  const problem = moneyProblem('Suggested price', draft.suggestedPrice, true);
  if (problem) return problem;
  if (priceFine && cents(draft.suggestedPrice) < cents(draft.price))
    return 'Suggested price must be at least the minimum';
  return undefined;
}

function bundleProblem(draft: PricingDraft, productId: string | null): string | undefined {
  const items = draft.bundleItems;
  if (items.length === 0) return undefined;
  if (productId !== null && items.includes(productId)) return 'A bundle cannot contain itself';
  if (items.length < BUNDLE_MIN) return `A bundle holds at least ${BUNDLE_MIN} products`;
  if (items.length > BUNDLE_MAX) return `A bundle holds at most ${BUNDLE_MAX} products`;
  if (draft.pricing === 'pay_what_you_want') return 'A bundle cannot be pay what you want';
  return undefined;
}

/**
 * What the api would refuse of the pricing, in its words: the price (above 0, or at least 0 as
 * a pay-what-you-want minimum), a sale below the price ending in the future, a suggested price
 * at least the minimum, a bundle of 2 to 50 other products. `productId`: the edited product.
 */
export function pricingProblems(
  draft: PricingDraft,
  productId: string | null,
  now = Date.now(),
): PricingErrors {
  const price = moneyProblem('Price', draft.price, draft.pricing === 'pay_what_you_want');
  const found: PricingErrors = {
    price,
    ...saleProblems(draft, price === undefined, now),
    suggestedPrice: suggestedProblem(draft, price === undefined),
    bundleItems: bundleProblem(draft, productId),
  };
  const errors: PricingErrors = {};
  for (const [field, problem] of Object.entries(found) as [PricingField, string | undefined][])
    if (problem) errors[field] = problem;
  return errors;
}
