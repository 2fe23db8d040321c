import type { LicenseKey, LicenseStatus } from '@store/contract';
import { formatDate } from '@store/shared';

/** The badge of a key that does not work (an active key has none). */
export const STATUS_LABEL: Record<Exclude<LicenseStatus, 'active'>, string> = {
  disabled: 'Disabled',
  revoked: 'Revoked',
  expired: 'Expired',
};

export function devicesText({ activations, activationLimit }: LicenseKey): string {
  return `${activations.length} of ${activationLimit} ${activationLimit === 1 ? 'device' : 'devices'}`;
}

export function expiryText({ expiresAt, status }: LicenseKey): string {
  if (!expiresAt) return 'Perpetual';
  // The api's status, not this machine's clock, says whether the date has passed.
  return `${status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`;
}
