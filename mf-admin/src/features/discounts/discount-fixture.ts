import type { Discount } from '@store/contract';

/** A code as the admin's list answers it: 10% off the whole cart, always, in use. */
export const discount = (overrides: Partial<Discount> = {}): Discount => ({
  id: 'd1',
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  appliesTo: null,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  maxUsesPerCustomer: 1,
  active: true,
  uses: 3,
  revenue: 123.45,
  createdAt: '2026-03-15T12:00:00.000Z',
  ...overrides,
});
