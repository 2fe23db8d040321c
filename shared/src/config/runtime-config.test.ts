import { isRuntimeConfig } from './runtime-config';

const remotes = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  account: 'http://localhost:3002/mf-manifest.json',
  checkout: 'http://localhost:3003/mf-manifest.json',
  admin: 'http://localhost:3004/mf-manifest.json',
};

describe('isRuntimeConfig', () => {
  it('accepts a config with or without a Stripe publishable key', () => {
    expect(isRuntimeConfig({ apiBaseUrl: '/api', remotes })).toBe(true);
    expect(
      isRuntimeConfig({ apiBaseUrl: '/api', remotes, stripePublishableKey: 'pk_test_123' }),
    ).toBe(true);
  });

  it('refuses a key that is not text, and a config missing a remote', () => {
    expect(isRuntimeConfig({ apiBaseUrl: '/api', remotes, stripePublishableKey: 42 })).toBe(false);
    const { admin: _admin, ...three } = remotes;
    expect(isRuntimeConfig({ apiBaseUrl: '/api', remotes: three })).toBe(false);
  });
});
