import type { Discount, DiscountInput, DiscountKind, MAX_DISCOUNT_SCOPE } from '@store/contract';
import { instantOf, localInputOf } from '../../common/local-time';

/** Products, and categories, one code may name: the api's limit, typed by it. */
export const SCOPE_LIMIT: typeof MAX_DISCOUNT_SCOPE = 100;

// The api's own rules and words (contract/src/discounts.ts), checked before sending.
const CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
const USE_LIMIT_MAX = 1_000_000;
const MAX_CENTS = 100_000_000;

/** The form as typed: text for every number, `datetime-local` text for the dates. */
export interface DiscountDraft {
  code: string;
  kind: DiscountKind;
  value: string;
  /** 'chosen': the lines of `productIds` and `categoryIds` only. */
  scope: 'all' | 'chosen';
  productIds: string[];
  categoryIds: string[];
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

export type DraftField =
  | 'code'
  | 'value'
  | 'scope'
  | 'products'
  | 'categories'
  | 'minSubtotal'
  | 'startsAt'
  | 'endsAt'
  | 'maxUses'
  | 'maxUsesPerCustomer';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** In the order the form shows them: the first one at fault takes the focus. */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'code',
  'value',
  'scope',
  'categories',
  'products',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
];

export const EMPTY_DRAFT: DiscountDraft = {
  code: '',
  kind: 'percent',
  value: '',
  scope: 'all',
  productIds: [],
  categoryIds: [],
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  active: true,
};

const limitText = (limit: number | null) => (limit === null ? '' : String(limit));

export function draftOf(discount: Discount | null): DiscountDraft {
  if (!discount) return EMPTY_DRAFT;
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.kind === 'percent' ? String(discount.value) : discount.value.toFixed(2),
    scope: discount.appliesTo ? 'chosen' : 'all',
    productIds: discount.appliesTo?.productIds ?? [],
    categoryIds: discount.appliesTo?.categoryIds ?? [],
    minSubtotal: discount.minSubtotal > 0 ? discount.minSubtotal.toFixed(2) : '',
    startsAt: localInputOf(discount.startsAt),
    endsAt: localInputOf(discount.endsAt),
    maxUses: limitText(discount.maxUses),
    maxUsesPerCustomer: limitText(discount.maxUsesPerCustomer),
    active: discount.active,
  };
}

/** Trimmed and upper-cased, as the api keeps it. */
export const codeOf = (draft: DiscountDraft) => draft.code.trim().toUpperCase();

/** Dollars as the api's `money` reads them; `allowZero` for a minimum. */
function moneyProblem(label: string, raw: string, allowZero = false): string | undefined {
  const text = raw.trim();
  if (!text) return allowZero ? undefined : `${label} is required`;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `${label} must be a number`;
  const value = Number(text);
  if (allowZero ? value < 0 : value <= 0)
    return `${label} must be ${allowZero ? 'at least 0' : 'greater than 0'}`;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return `${label} can have at most 2 decimals`;
  if (Math.round(value * 100) > MAX_CENTS) return `${label} is too high`;
  return undefined;
}

function limitProblem(label: string, raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (!Number.isInteger(value)) return `${label} must be a whole number`;
  if (value < 1) return `${label} must be at least 1`;
  if (value > USE_LIMIT_MAX) return `${label} must be at most ${USE_LIMIT_MAX}`;
  return undefined;
}

function valueProblem({ kind, value }: DiscountDraft): string | undefined {
  if (kind === 'amount') return moneyProblem('Amount off', value);
  const text = value.trim();
  if (!text) return 'Percent off is required';
  const percent = Number(text);
  if (!/^\d+$/.test(text) || percent < 1 || percent > 100)
    return 'Percent off must be a whole number from 1 to 100';
  return undefined;
}

/** What the api would refuse, in its words; plus a scope that names nothing. */
export function validateDiscount(draft: DiscountDraft): DraftErrors {
  const errors: DraftErrors = {};
  const code = codeOf(draft);
  if (!code) errors.code = 'Code is required';
  else if (!CODE_PATTERN.test(code)) errors.code = 'Code must be 3 to 32 letters, digits or dashes';
  const found: DraftErrors = {
    value: valueProblem(draft),
    minSubtotal: moneyProblem('Minimum subtotal', draft.minSubtotal, true),
    maxUses: limitProblem('Use limit', draft.maxUses),
    maxUsesPerCustomer: limitProblem('Use limit per customer', draft.maxUsesPerCustomer),
  };
  for (const [field, problem] of Object.entries(found) as [DraftField, string | undefined][])
    if (problem) errors[field] = problem;
  // The api reads a scope naming nothing as the whole cart: the admin meant something else.
  if (draft.scope === 'chosen' && draft.productIds.length + draft.categoryIds.length === 0)
    errors.scope = 'Choose at least one product or category';
  if (draft.productIds.length > SCOPE_LIMIT) errors.products = `At most ${SCOPE_LIMIT} products`;
  if (draft.categoryIds.length > SCOPE_LIMIT)
    errors.categories = `At most ${SCOPE_LIMIT} categories`;
  if (draft.startsAt && draft.endsAt && new Date(draft.endsAt) <= new Date(draft.startsAt))
    errors.endsAt = 'End must be after the start';
  return errors;
}

const limitOf = (text: string) => (text.trim() ? Number(text) : null);

/** The whole code as the api takes it, from a draft `validateDiscount` passed. */
export function discountInputOf(draft: DiscountDraft, original: Discount | null): DiscountInput {
  return {
    code: codeOf(draft),
    kind: draft.kind,
    value: Number(draft.value.trim()),
    appliesTo:
      draft.scope === 'chosen'
        ? { productIds: draft.productIds, categoryIds: draft.categoryIds }
        : null,
    minSubtotal: draft.minSubtotal.trim() ? Number(draft.minSubtotal) : 0,
    startsAt: instantOf(draft.startsAt, original?.startsAt ?? null),
    endsAt: instantOf(draft.endsAt, original?.endsAt ?? null),
    maxUses: limitOf(draft.maxUses),
    maxUsesPerCustomer: limitOf(draft.maxUsesPerCustomer),
    active: draft.active,
  };
}

/**
 * The api's field errors (dotted paths) on the form's fields; a code already taken (409) on
 * Code. Anything else is left to the toast.
 */
export function serverErrorsOf(
  status: number | undefined,
  message: string,
  fields: Record<string, string> | undefined,
): DraftErrors {
  if (status === 409) return { code: message };
  const errors: DraftErrors = {};
  for (const [path, reason] of Object.entries(fields ?? {})) {
    const field: DraftField | undefined = path.startsWith('appliesTo.productIds')
      ? 'products'
      : path.startsWith('appliesTo.categoryIds')
        ? 'categories'
        : path.startsWith('appliesTo')
          ? 'scope'
          : DRAFT_FIELDS.find((known) => known === path);
    if (field) errors[field] ??= reason;
  }
  return errors;
}
