import type { RemoteKey } from '@store/shared';

/** Federation names as each remote's webpack config declares them (tooling/apps.cjs). */
export const FEDERATION_NAMES: Record<RemoteKey, string> = {
  catalog: 'mf_catalog',
  account: 'mf_account',
  checkout: 'mf_checkout',
  admin: 'mf_admin',
};

export const REMOTE_LABELS: Record<RemoteKey, string> = {
  catalog: 'catalog',
  account: 'account',
  checkout: 'checkout',
  admin: 'admin dashboard',
};
