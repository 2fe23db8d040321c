import type { CartItem, Coupon } from '@store/contract';
import type { CartTotals } from './cart-types';

const roundCents = (amount: number) => Math.round(amount * 100) / 100;

/** Subtotal = sum of price x quantity; the coupon takes a percentage off. */
export function computeTotals(items: CartItem[], coupon: Coupon | null): CartTotals {
  const subtotal = roundCents(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
  const discount = coupon ? roundCents((subtotal * coupon.discountPercentage) / 100) : 0;
  return { subtotal, total: roundCents(subtotal - discount) };
}
