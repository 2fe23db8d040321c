import { DEFAULT_ACTIVATION_LIMIT } from '@store/contract';
import type { products } from '../db/schema.ts';

/** The product form's license settings; left out on an edit: unchanged. */
export interface LicenseInput {
  licensed?: boolean | undefined;
  activationLimit?: number | undefined;
  /** Null: perpetual. */
  licenseDays?: number | null | undefined;
}

type LicenseColumns = Pick<
  typeof products.$inferSelect,
  'licensed' | 'activationLimit' | 'licenseDays'
>;

/**
 * The columns a create or an edit writes. Keys already issued keep the limit and expiry they
 * were issued with: these apply to the units bought from then on.
 */
export function licenseValues(input: LicenseInput, current: LicenseColumns | null): LicenseColumns {
  return {
    licensed: input.licensed ?? current?.licensed ?? false,
    activationLimit: input.activationLimit ?? current?.activationLimit ?? DEFAULT_ACTIVATION_LIMIT,
    licenseDays:
      input.licenseDays === undefined ? (current?.licenseDays ?? null) : input.licenseDays,
  };
}
