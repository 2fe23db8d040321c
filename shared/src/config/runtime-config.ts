export type RemoteKey = 'catalog' | 'account' | 'checkout' | 'admin';

/** Written at deploy time into the shell's `runtime-config.json`; read once at start. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<RemoteKey, string>;
  /** Stripe's publishable key when the store takes payments with Stripe; absent: local mode. */
  stripePublishableKey?: string;
  /** The api's payments are simulated (PAYMENT_PROVIDER=local): every page says so. */
  paymentsSimulated?: boolean;
}

export const REMOTE_KEYS: readonly RemoteKey[] = ['catalog', 'account', 'checkout', 'admin'];

export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RuntimeConfig>;
  if (typeof candidate.apiBaseUrl !== 'string') return false;
  const stripeKey: unknown = candidate.stripePublishableKey;
  if (stripeKey !== undefined && typeof stripeKey !== 'string') return false;
  const simulated: unknown = candidate.paymentsSimulated;
  if (simulated !== undefined && typeof simulated !== 'boolean') return false;
  const remotes = candidate.remotes as Record<string, unknown> | undefined;
  return (
    typeof remotes === 'object' &&
    remotes !== null &&
    REMOTE_KEYS.every((key) => typeof remotes[key] === 'string')
  );
}
