import { z } from 'zod';
import { idField, integer, isoTimestamp, uuidText } from './formats.ts';
import { ACCOUNT_PAGE_LIMIT, cursorParam, limitParam, nextCursor } from './paging.ts';

// License keys: one per unit of a licensed product, issued when its order completes. The
// buyer's software calls the public license API (no cookies, any origin); the buyer manages
// their devices in My Downloads; the admin finds, disables, enables and resets keys.

export const LICENSE_STATUSES = ['active', 'disabled', 'revoked', 'expired'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** 160 random bits in Crockford base32 (no I, L, O, U): four groups of eight. */
export const LICENSE_KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}(?:-[0-9A-HJKMNP-TV-Z]{8}){3}$/;

export const DEFAULT_ACTIVATION_LIMIT = 3;
export const MAX_ACTIVATION_LIMIT = 1000;
/** About a hundred years: longer is "perpetual". */
export const MAX_LICENSE_DAYS = 36_500;
export const MAX_INSTANCE_NAME = 100;
export const MAX_FINGERPRINT = 512;

/** The product form's license settings (create and edit; left out on edit: unchanged). */
export const licenseFields = {
  licensed: z
    .boolean({ error: 'licensed must be true or false' })
    .optional()
    .meta({ description: 'Issue license keys: one per unit bought, when its order completes' }),
  activationLimit: z
    .number({ error: 'Activation limit must be a number' })
    .int('Activation limit must be a whole number')
    .min(1, 'Activation limit must be at least 1')
    .max(MAX_ACTIVATION_LIMIT, `Activation limit must be at most ${MAX_ACTIVATION_LIMIT}`)
    .optional()
    .meta({ description: `Devices per key at once (default ${DEFAULT_ACTIVATION_LIMIT})` }),
  licenseDays: z
    .number({ error: 'License length must be a number of days' })
    .int('License length must be a whole number of days')
    .min(1, 'License length must be at least 1 day')
    .max(MAX_LICENSE_DAYS, `License length must be at most ${MAX_LICENSE_DAYS} days`)
    .nullish()
    .meta({ description: 'Days a key lasts from the purchase; null: perpetual' }),
};

const status = z.enum(LICENSE_STATUSES).meta({
  description: 'active; disabled by the seller; revoked by a refund; expired past `expiresAt`',
});

export const licenseActivation = z
  .object({
    instanceId: uuidText,
    instanceName: z.string(),
    lastSeenAt: isoTimestamp.meta({ description: 'Its last activation or validation' }),
  })
  .meta({ id: 'LicenseActivation', description: 'A device the key is activated on' });

/** A key as its owner sees it, in My Downloads (`PurchasedProduct.licenseKeys`). */
export const licenseKey = z
  .object({
    id: uuidText,
    key: z.string().meta({ description: 'The whole key: only its owner ever gets it' }),
    status,
    activations: z.array(licenseActivation),
    activationLimit: integer,
    expiresAt: isoTimestamp.nullable().meta({ description: 'null: perpetual' }),
  })
  .meta({ id: 'LicenseKey', description: "One license key, as its owner's My Downloads shows it" });

/**
 * The key as the buyer's software sends it. Any text: a malformed key is answered like a key
 * that does not exist (404 'License not found'), never with a 400 that would tell them apart.
 */
const keyText = z
  .string({ error: 'key is required' })
  .max(200, 'key must be at most 200 characters')
  .meta({ description: 'The license key, e.g. `7K2M9Q4D-1X8B3F6H-0V5N2C9R-4T7W1Y3Z`' });

const instanceIdText = z
  .string({ error: 'instanceId is required' })
  .max(100, 'instanceId must be at most 100 characters')
  .meta({ description: "The `instanceId` activate answered; another key's is not found" });

export const activateLicenseBody = z.object({
  key: keyText,
  instanceName: z
    .string({ error: 'instanceName is required' })
    .trim()
    .min(1, 'instanceName is required')
    .max(MAX_INSTANCE_NAME, `instanceName must be at most ${MAX_INSTANCE_NAME} characters`)
    .meta({ description: 'What My Downloads calls the device, e.g. "Dora\'s laptop"' }),
  fingerprint: z
    .string({ error: 'fingerprint is required' })
    .min(1, 'fingerprint is required')
    .max(MAX_FINGERPRINT, `fingerprint must be at most ${MAX_FINGERPRINT} characters`)
    .meta({
      description:
        'Stable per device (the app decides how): the same fingerprint again is the same activation',
    }),
});

export const licenseInstanceBody = z.object({ key: keyText, instanceId: instanceIdText });

export const licenseState = z
  .object({
    valid: z.boolean().meta({
      description: 'The key is active and (validate) the instance is one of its activations',
    }),
    status,
    expiresAt: isoTimestamp.nullable().meta({ description: 'null: perpetual' }),
    activationLimit: integer,
    activations: integer.meta({ description: 'Devices activated now' }),
  })
  .meta({ id: 'LicenseState', description: "A key's state as the buyer's software sees it" });

export const activationAnswer = z
  .object({
    instanceId: uuidText,
    token: z.string().meta({
      description:
        'Compact JWS (EdDSA, `kid` in the header) of {iss, sub (the key id), product_id, instance_id, iat, exp}: verify it offline against `/api/licenses/jwks.json`',
    }),
    license: licenseState,
  })
  .meta({ id: 'LicenseActivationAnswer' });

export const licenseJwks = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string(),
        kid: z.string(),
        alg: z.literal('EdDSA'),
        use: z.literal('sig'),
      }),
    ),
  })
  .meta({ id: 'LicenseJwks', description: 'The public keys that sign activation tokens' });

/** Path of the owner's and the admin's calls on one key. */
export const licenseParams = z.object({ id: idField('License id') });
export const licenseActivationParams = z.object({
  id: idField('License id'),
  instanceId: idField('Instance id'),
});

export const adminLicensesQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'Search by a whole key or an e-mail address')
    .max(254, 'q must be at most 254 characters')
    .meta({ description: "A whole license key, or the buyer's whole e-mail address (any case)" }),
  cursor: cursorParam,
  limit: limitParam(ACCOUNT_PAGE_LIMIT),
});

export const adminLicense = z
  .object({
    id: uuidText,
    maskedKey: z.string().meta({
      description: 'All but the last group hidden, e.g. `XXXXXXXX-XXXXXXXX-XXXXXXXX-4T7W1Y3Z`',
    }),
    status,
    productId: uuidText,
    productName: z.string(),
    orderId: uuidText,
    email: z.string(),
    activationLimit: integer,
    expiresAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    activations: z.array(licenseActivation),
  })
  .meta({ id: 'AdminLicense', description: 'A key as the admin sees it: masked' });

export const adminLicensesPage = z.object({ licenses: z.array(adminLicense), nextCursor });

export type LicenseActivation = z.infer<typeof licenseActivation>;
export type LicenseKey = z.infer<typeof licenseKey>;
export type ActivateLicenseBody = z.input<typeof activateLicenseBody>;
export type LicenseInstanceBody = z.input<typeof licenseInstanceBody>;
export type LicenseState = z.infer<typeof licenseState>;
export type ActivationAnswer = z.infer<typeof activationAnswer>;
export type LicenseJwks = z.infer<typeof licenseJwks>;
export type AdminLicensesQuery = z.input<typeof adminLicensesQuery>;
export type AdminLicense = z.infer<typeof adminLicense>;
export type AdminLicensesPage = z.infer<typeof adminLicensesPage>;
