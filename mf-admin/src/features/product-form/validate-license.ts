import type {
  DEFAULT_ACTIVATION_LIMIT,
  MAX_ACTIVATION_LIMIT,
  MAX_LICENSE_DAYS,
} from '@store/contract';

/** The api's bounds, typed by it (the contract's values stay out of this remote's bundle). */
export const ACTIVATION_LIMIT_DEFAULT: typeof DEFAULT_ACTIVATION_LIMIT = 3;
export const ACTIVATION_LIMIT_MAX: typeof MAX_ACTIVATION_LIMIT = 1000;
export const LICENSE_DAYS_MAX: typeof MAX_LICENSE_DAYS = 36_500;

export type LicenseLength = 'perpetual' | 'days';

/**
 * The license part of the product form, as typed: with `licensed` off the other fields are
 * hidden, neither checked nor sent; `licenseDays` counts only for a length of `days`.
 */
export interface LicenseDraft {
  licensed: boolean;
  activationLimit: string;
  licenseLength: LicenseLength;
  licenseDays: string;
}

export const EMPTY_LICENSE: LicenseDraft = {
  licensed: false,
  activationLimit: String(ACTIVATION_LIMIT_DEFAULT),
  licenseLength: 'perpetual',
  licenseDays: '',
};

type LicenseErrors = Partial<Record<'activationLimit' | 'licenseDays', string>>;

/** A whole number from 1 to `max`, in the api's words; undefined when fine. */
function countProblem(label: string, raw: string, max: number, unit = ''): string | undefined {
  const text = raw.trim();
  if (!text) return `${label} is required`;
  if (!/^-?\d+$/.test(text)) return `${label} must be a whole number${unit && ` of ${unit}s`}`;
  const value = Number(text);
  if (value < 1) return `${label} must be at least 1${unit && ` ${unit}`}`;
  if (value > max) return `${label} must be at most ${max}${unit && ` ${unit}s`}`;
  return undefined;
}

/** The settings the api takes from the draft: null days for a perpetual license. */
export function licenseOf(draft: LicenseDraft) {
  return {
    licensed: draft.licensed,
    activationLimit: Number(draft.activationLimit.trim()),
    licenseDays: draft.licenseLength === 'days' ? Number(draft.licenseDays.trim()) : null,
  };
}

/** What the api would refuse of a licensed product's settings; nothing when not licensed. */
export function licenseProblems(draft: LicenseDraft): LicenseErrors {
  if (!draft.licensed) return {};
  const errors: LicenseErrors = {};
  const limit = countProblem('Activation limit', draft.activationLimit, ACTIVATION_LIMIT_MAX);
  if (limit) errors.activationLimit = limit;
  if (draft.licenseLength === 'days') {
    const days = countProblem('License length', draft.licenseDays, LICENSE_DAYS_MAX, 'day');
    if (days) errors.licenseDays = days;
  }
  return errors;
}
