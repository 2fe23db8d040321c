import type { AdminLicense, LicenseStatus } from '@store/contract';
import { formatDate } from '@store/shared';

export const STATUS_LABEL: Record<LicenseStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  revoked: 'Revoked',
  expired: 'Expired',
};

// Made on first use: the admin's own locale and time zone, with the time, since a device's last
// check-in is what tells a live machine from one the idle job will soon release.
let when: Intl.DateTimeFormat | undefined;

export function lastSeenText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  when ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return when.format(date);
}

/** '2 / 3': devices activated now, of the key's limit. */
export const devicesText = ({ activations, activationLimit }: AdminLicense) =>
  `${activations.length} / ${activationLimit}`;

/** 'Never' for a perpetual key, else the day it stops validating. */
export const expiresText = ({ expiresAt }: AdminLicense) =>
  expiresAt === null ? 'Never' : formatDate(expiresAt);

/**
 * What the admin may switch: an active key off, a disabled one back on. A revoked key was
 * refunded and an expired one ran its term: neither is the admin's to turn back on.
 */
export function toggleOf({ status }: AdminLicense): 'disable' | 'enable' | null {
  if (status === 'active') return 'disable';
  if (status === 'disabled') return 'enable';
  return null;
}
