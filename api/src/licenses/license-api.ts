import type {
  ActivateLicenseBody,
  ActivationAnswer,
  LicenseInstanceBody,
  LicenseState,
  LicenseStatus,
} from '@store/contract';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import { isUuid } from '../lib/uuid.ts';
import { sameHash, type KeyVault } from './key-vault.ts';
import { createLicenseAdmin } from './license-admin.ts';
import { licenseStatus } from './license-status.ts';
import type { LicenseTokens } from './license-tokens.ts';

export interface LicenseApiDeps {
  db: Db;
  config: Pick<AppConfig, 'apiUrl'>;
  vault: KeyVault;
  tokens: LicenseTokens;
  cursors: CursorCodec;
}

/** Every key that is not one, well-formed or not, gets exactly this. */
export const licenseNotFound = () => new HttpError(404, 'License not found');

/**
 * A key as the buyer's software sent it, by its lookup hash (`hex` is also its rate-limit
 * bucket, so the shared counters never hold a key; malformed variants of one key share their
 * canonical key's bucket).
 */
export interface TypedKey {
  hash: Buffer;
  hex: string;
}

/** A key row as the public calls read it. */
interface KeyRow {
  id: string;
  productId: string;
  lookupHash: Uint8Array;
  activationLimit: number;
  /** ISO 8601, or null: perpetual. */
  expiresAt: string | null;
  status: LicenseStatus;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const keyColumns = sql`k.id, k.product_id as "productId", k.lookup_hash as "lookupHash",
  k.activation_limit as "activationLimit", ${iso('k.expires_at')} as "expiresAt",
  ${licenseStatus('k')} as status`;

// Hashes travel as hex text: both drivers bind text alike, and decode() keeps the index.
const byHash = sql`k.lookup_hash = decode(${sql.placeholder('hash')}, 'hex')`;

/** The key row, locked: activations of one key take turns, so none exceeds the limit. */
const lockKey = preparedStatement<KeyRow, { hash: string }>(
  'license_lock_key',
  sql`select ${keyColumns} from license_keys k where ${byHash} for update`,
);

/** The same device again: renamed, seen now. */
const touchDevice = preparedStatement<
  { id: string },
  { licenseId: string; fingerprint: string; name: string }
>(
  'license_touch_device',
  sql`update license_activations set name = ${sql.placeholder('name')}::text, last_seen_at = now()
    where license_id = ${sql.placeholder('licenseId')}::uuid
      and fingerprint_hash = decode(${sql.placeholder('fingerprint')}, 'hex')
    returning id`,
);

/** A new device while the key has room (its row is locked by `lockKey`). */
const addDevice = preparedStatement<
  { id: string },
  { licenseId: string; fingerprint: string; name: string; limit: number }
>(
  'license_add_device',
  sql`insert into license_activations (license_id, fingerprint_hash, name)
    select ${sql.placeholder('licenseId')}::uuid, decode(${sql.placeholder('fingerprint')}, 'hex'),
      ${sql.placeholder('name')}::text
    where (select count(*) from license_activations
      where license_id = ${sql.placeholder('licenseId')}::uuid) < ${sql.placeholder('limit')}::int
    returning id`,
);

const countDevices = preparedStatement<{ count: number | string }, { licenseId: string }>(
  'license_count_devices',
  sql`select count(*)::int as count from license_activations
    where license_id = ${sql.placeholder('licenseId')}::uuid`,
);

/**
 * Validate in one statement (the call the buyer's software makes most): the key, the
 * instance's check-in when it is the key's, the key's activations. The count reads the
 * snapshot before the update, which changes no count.
 */
const checkIn = preparedStatement<
  KeyRow & { activations: number | string; mine: boolean },
  { hash: string; instanceId: string | null }
>(
  'license_check_in',
  sql`with k as (select ${keyColumns} from license_keys k where ${byHash}),
    seen as (
      update license_activations a set last_seen_at = now() from k
      where a.id = ${sql.placeholder('instanceId')}::uuid and a.license_id = k.id
      returning a.id
    )
    select k.*,
      (select count(*)::int from license_activations a where a.license_id = k.id) as activations,
      exists (select 1 from seen) as mine
    from k`,
);

/** Deactivate in one statement; the count is the snapshot's minus what it deleted. */
const release = preparedStatement<
  KeyRow & { activations: number | string },
  { hash: string; instanceId: string | null }
>(
  'license_release',
  sql`with k as (select ${keyColumns} from license_keys k where ${byHash}),
    gone as (
      delete from license_activations a using k
      where a.id = ${sql.placeholder('instanceId')}::uuid and a.license_id = k.id
      returning a.id
    )
    select k.*,
      (select count(*)::int from license_activations a where a.license_id = k.id)
        - (select count(*)::int from gone) as activations
    from k`,
);

const stateOf = (row: KeyRow, activations: number, valid: boolean): LicenseState => ({
  valid,
  status: row.status,
  expiresAt: row.expiresAt,
  activationLimit: Number(row.activationLimit),
  activations,
});

/**
 * The public license API the buyer's software calls (activate, validate, deactivate) and the
 * admin's license calls. A key is found by its keyed hash only (`KeyVault.lookupHash`): a
 * malformed key is hashed and looked up like any other, and answers the same 404.
 */
export function createLicenseApi(deps: LicenseApiDeps) {
  const { db, config, vault, tokens } = deps;

  /** The found row, when the stored hash is the typed key's (compared in constant time). */
  function found<Row extends KeyRow>(rows: Row[], key: TypedKey): Row {
    const [row] = rows;
    if (!row || !sameHash(row.lookupHash, key.hash)) throw licenseNotFound();
    return row;
  }

  /** A key as sent, with its lookup hash: one HMAC per call, shared by its limit and lookup. */
  function typedKey(key: string): TypedKey {
    const hash = vault.lookupHash(key);
    return { hash, hex: hash.toString('hex') };
  }

  const instanceOf = (instanceId: string) => (isUuid(instanceId) ? instanceId : null);

  /**
   * One device more, or the same one again (the same fingerprint: renamed, seen now). The
   * key's row is locked for the transaction, so concurrent activations at the limit never
   * exceed it. 403 when the key is not active, 409 at the limit.
   */
  async function activate(key: TypedKey, body: ActivateLicenseBody): Promise<ActivationAnswer> {
    const fingerprint = createHash('sha256').update(body.fingerprint).digest('hex');
    const name = body.instanceName.trim();
    const { row, instanceId, activations } = await db.transaction(async (tx) => {
      const row = found(await lockKey(tx, { hash: key.hex }), key);
      if (row.status !== 'active') throw new HttpError(403, `License ${row.status}`);
      const device = { licenseId: row.id, fingerprint, name };
      const [existing] = await touchDevice(tx, device);
      const [added] = existing
        ? []
        : await addDevice(tx, { ...device, limit: Number(row.activationLimit) });
      const instance = existing ?? added;
      if (!instance) throw new HttpError(409, 'Activation limit reached');
      const [count] = await countDevices(tx, { licenseId: row.id });
      return { row, instanceId: instance.id, activations: Number(count?.count ?? 0) };
    });
    const token = await tokens.sign({
      issuer: config.apiUrl,
      licenseId: row.id,
      productId: row.productId,
      instanceId,
      expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    });
    return { instanceId, token, license: stateOf(row, activations, true) };
  }

  /**
   * The key's state, and a check-in of the instance when it is one of the key's. An instance
   * that is not (released, another key's, not even an id) makes `valid` false, not a 404: the
   * app activates again.
   */
  async function validate(key: TypedKey, { instanceId }: LicenseInstanceBody) {
    const rows = await checkIn(db, { hash: key.hex, instanceId: instanceOf(instanceId) });
    const row = found(rows, key);
    return stateOf(row, Number(row.activations), row.status === 'active' && row.mine);
  }

  /** Frees the instance's slot; an instance already gone (or never the key's) is fine. */
  async function deactivate(key: TypedKey, { instanceId }: LicenseInstanceBody) {
    const rows = await release(db, { hash: key.hex, instanceId: instanceOf(instanceId) });
    const row = found(rows, key);
    return stateOf(row, Number(row.activations), row.status === 'active');
  }

  return { typedKey, activate, validate, deactivate, admin: createLicenseAdmin(deps) };
}

export type LicenseApi = ReturnType<typeof createLicenseApi>;
