import type { AdminLicense } from '@store/contract';

/** A perpetual key of Neon Brushes bought by Dora, active on one of its 3 devices. */
export const adminLicense = (overrides: Partial<AdminLicense> = {}): AdminLicense => ({
  id: 'l1',
  maskedKey: 'XXXXXXXX-XXXXXXXX-XXXXXXXX-4T7W1Y3Z',
  status: 'active',
  productId: 'p1',
  productName: 'Neon Brushes',
  orderId: 'o1',
  email: 'dora@example.com',
  activationLimit: 3,
  expiresAt: null,
  createdAt: '2026-03-15T12:00:00.000Z',
  activations: [
    {
      instanceId: 'i1',
      instanceName: "Dora's laptop",
      lastSeenAt: '2026-03-20T09:30:00.000Z',
    },
  ],
  ...overrides,
});
