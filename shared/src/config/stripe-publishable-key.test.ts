import { setStripePublishableKey, stripePublishableKey } from './stripe-publishable-key';

afterEach(() => {
  setStripePublishableKey(undefined);
  jest.restoreAllMocks();
});

describe('stripePublishableKey', () => {
  it('is none until the shell hands one over, and none again for an empty value', () => {
    expect(stripePublishableKey()).toBeNull();
    setStripePublishableKey('pk_test_123');
    expect(stripePublishableKey()).toBe('pk_test_123');
    setStripePublishableKey('');
    expect(stripePublishableKey()).toBeNull();
  });

  it('ignores a secret key with a message instead of passing it on', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setStripePublishableKey('sk_test_123');
    expect(stripePublishableKey()).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('not a publishable key'));
  });
});
