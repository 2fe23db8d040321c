import type { LicenseActivation, LicenseKey } from '@store/contract';

/** A device as the api lists it under a key. */
export const activation = (overrides: Partial<LicenseActivation> = {}): LicenseActivation => ({
  instanceId: '0b8f6d2e-4c1a-4e5b-9a7d-3f2e1c0b9a81',
  instanceName: "Dora's laptop",
  lastSeenAt: '2026-11-20T12:00:00Z',
  ...overrides,
});

/** An active perpetual key for 3 devices, activated on one. */
export const licenseKey = (overrides: Partial<LicenseKey> = {}): LicenseKey => ({
  id: '5d1c9e7a-2b3f-4a6d-8e9c-1f0a2b3c4d5e',
  key: '7K2M9Q4D-1X8B3F6H-0V5N2C9R-4T7W1Y3Z',
  status: 'active',
  activations: [activation()],
  activationLimit: 3,
  expiresAt: null,
  ...overrides,
});
