import type { LicenseStatus } from '@store/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * A key's status in SQL, from the `license_keys` row named `alias`: a refund outranks the
 * seller's disabling, which outranks the expiry.
 */
export function licenseStatus(alias: string): SQL<LicenseStatus> {
  const k = sql.raw(alias);
  return sql<LicenseStatus>`case when ${k}.revoked_at is not null then 'revoked'
    when ${k}.disabled_at is not null then 'disabled'
    when ${k}.expires_at is not null and ${k}.expires_at <= now() then 'expired'
    else 'active' end`;
}
