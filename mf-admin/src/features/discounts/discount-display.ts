import type { Discount } from '@store/contract';
import { formatPrice } from '@store/shared';

export type DiscountStatus = 'Active' | 'Paused' | 'Scheduled' | 'Ended';

// Made on first use: the admin's own locale and time zone, with the time, since a code's dates
// are instants (a sale ending at 18:00), not days.
let when: Intl.DateTimeFormat | undefined;

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  when ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return when.format(date);
}

/** '10% off' or '$5.00 off'. */
export const valueText = ({ kind, value }: Pick<Discount, 'kind' | 'value'>) =>
  kind === 'percent' ? `${value}% off` : `${formatPrice(value)} off`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Whole cart', or what it names: '2 products, 1 category' (a part with none left out). */
export function scopeText({ appliesTo }: Pick<Discount, 'appliesTo'>): string {
  if (!appliesTo) return 'Whole cart';
  const parts = [
    appliesTo.productIds.length > 0 && count(appliesTo.productIds.length, 'product', 'products'),
    appliesTo.categoryIds.length > 0 &&
      count(appliesTo.categoryIds.length, 'category', 'categories'),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Whole cart';
}

/** 'Always', 'From … to …', 'From …' or 'Until …'. */
export function datesText({ startsAt, endsAt }: Pick<Discount, 'startsAt' | 'endsAt'>): string {
  if (startsAt && endsAt) return `From ${formatWhen(startsAt)} to ${formatWhen(endsAt)}`;
  if (startsAt) return `From ${formatWhen(startsAt)}`;
  if (endsAt) return `Until ${formatWhen(endsAt)}`;
  return 'Always';
}

/** '3 / 100' against a limit, else '3'. */
export const usesText = ({ uses, maxUses }: Pick<Discount, 'uses' | 'maxUses'>) =>
  maxUses === null ? String(uses) : `${uses} / ${maxUses}`;

/**
 * Whether the code works now. An ended code says so even when paused: resuming it would not
 * bring it back, only new dates would.
 */
export function statusOf(
  { active, startsAt, endsAt }: Pick<Discount, 'active' | 'startsAt' | 'endsAt'>,
  now = Date.now(),
): DiscountStatus {
  if (endsAt && Date.parse(endsAt) <= now) return 'Ended';
  if (!active) return 'Paused';
  if (startsAt && Date.parse(startsAt) > now) return 'Scheduled';
  return 'Active';
}
