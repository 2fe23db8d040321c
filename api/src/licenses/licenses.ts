import type { LicenseKey, LicenseStatus } from '@store/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import { licenseActivations, licenseKeys } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { keyHint, newLicenseKey } from './key-codec.ts';
import type { KeyVault } from './key-vault.ts';
import { licenseStatus } from './license-status.ts';

export interface LicenseServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'licenses'>;
  vault: KeyVault;
  log: FastifyBaseLogger;
}

/**
 * Keys My Downloads shows per product, oldest first. A buyer with more (a hundred units of one
 * product) reads the rest from the seller; a page of products stays one bounded read.
 */
export const KEYS_PER_PRODUCT = 100;
/** Unsealed keys the sweep seals per statement (a crash between completion and sealing). */
const SEAL_BATCH = 500;
/**
 * A key row younger than this is left to its completing caller, which seals it right after
 * the commit: the sweep only repairs what a crash left behind.
 */
const UNSEALED_GRACE = sql.raw(`interval '1 minute'`);

const notFound = () => new HttpError(404, 'License not found');

interface KeyRow {
  id: string;
  productId: string;
  sealedKey: Uint8Array | null;
  status: LicenseStatus;
  activationLimit: number;
  expiresAt: Date | string | null;
}

export function createLicenseService({ db, config, vault, log }: LicenseServiceDeps) {
  /**
   * Makes a key for each row and fills its columns, unless another sealer got there first
   * (`lookup_hash is null` in the UPDATE: of two concurrent sealers one wins per row, and the
   * loser's keys, never stored, are simply dropped). How many this call sealed.
   */
  async function sealRows(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const values = ids.map((id) => {
      const key = newLicenseKey();
      return {
        id,
        hash: vault.lookupHash(key).toString('hex'),
        sealed: vault.seal(key, id).toString('hex'),
        hint: keyHint(key),
      };
    });
    const sealed = await rawRows<{ id: string }>(
      db,
      sql`update license_keys k set lookup_hash = decode(v.hash, 'hex'),
          sealed_key = decode(v.sealed, 'hex'), key_hint = v.hint
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(id uuid, hash text, sealed text, hint text)
        where k.id = v.id and k.lookup_hash is null
        returning k.id`,
    );
    return sealed.length;
  }

  /**
   * Called by every caller that completed an order, right after the commit: its keys get
   * their values. Idempotent; what a crash leaves unsealed the sweep seals.
   */
  async function sealOrderKeys(orderId: string): Promise<number> {
    const rows = await rawRows<{ id: string }>(
      db,
      sql`select id from license_keys where order_id = ${orderId} and lookup_hash is null`,
    );
    return sealRows(rows.map((row) => row.id));
  }

  /** Seals every key older than a minute still unsealed; how many. */
  async function sealForgotten(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await rawRows<{ id: string }>(
        db,
        sql`select id from license_keys
          where lookup_hash is null and created_at < now() - ${UNSEALED_GRACE}
          order by created_at limit ${SEAL_BATCH}`,
      );
      total += await sealRows(rows.map((row) => row.id));
      if (rows.length < SEAL_BATCH) return total;
    }
  }

  /** Deletes activations that have not checked in for LICENSE_IDLE_DAYS; how many. */
  async function releaseIdle(): Promise<number> {
    const days = Math.trunc(config.licenses.idleDays);
    const [row] = await rawRows<{ released: number }>(
      db,
      sql`with released as (
          delete from license_activations
          where last_seen_at < now() - make_interval(days => ${days}::int)
          returning id
        )
        select count(*)::int as released from released`,
    );
    return Number(row?.released ?? 0);
  }

  /** The licenses job's run: idle devices released, forgotten keys sealed. */
  async function sweep(): Promise<{ released: number; sealed: number }> {
    const released = await releaseIdle();
    const sealed = await sealForgotten();
    if (sealed > 0) log.warn({ sealed }, 'license keys left unsealed were sealed by the sweep');
    return { released, sealed };
  }

  /** The key rows of `where`, with the status, bounded per product. */
  function keyRows(userId: string, where: SQL) {
    return rawRows<KeyRow>(
      db,
      sql`select k.id, k.product_id as "productId", k.sealed_key as "sealedKey",
          ${licenseStatus('k')} as status, k.activation_limit as "activationLimit",
          k.expires_at as "expiresAt"
        from (
          select k.*, row_number() over (partition by k.product_id
            order by k.created_at, k.order_item_id, k.unit) as n
          from license_keys k
          where k.user_id = ${userId} and ${where}
        ) k
        where k.n <= ${KEYS_PER_PRODUCT}
        order by k.product_id, k.n`,
    );
  }

  /** Opens the rows' keys; a row that does not open (another secret) is logged and left out. */
  async function views(rows: KeyRow[]): Promise<Map<string, LicenseKey[]>> {
    const byProduct = new Map<string, LicenseKey[]>();
    if (!rows.length) return byProduct;
    const activations = await db
      .select()
      .from(licenseActivations)
      .where(
        inArray(
          licenseActivations.licenseId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(desc(licenseActivations.lastSeenAt), desc(licenseActivations.id));
    for (const row of rows) {
      if (!row.sealedKey) continue;
      let key: string;
      try {
        key = vault.open(Buffer.from(row.sealedKey), row.id);
      } catch (error) {
        log.error({ err: error, licenseId: row.id }, 'a sealed license key does not open');
        continue;
      }
      const list = byProduct.get(row.productId) ?? [];
      list.push({
        id: row.id,
        key,
        status: row.status,
        activations: activations
          .filter((activation) => activation.licenseId === row.id)
          .map((activation) => ({
            instanceId: activation.id,
            instanceName: activation.name,
            lastSeenAt: activation.lastSeenAt.toISOString(),
          })),
        activationLimit: Number(row.activationLimit),
        expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
      });
      byProduct.set(row.productId, list);
    }
    return byProduct;
  }

  /**
   * Reads keys, sealing first any the completing caller has not sealed yet (it seals right
   * after the commit: a page loaded in between would otherwise miss them).
   */
  async function readKeys(userId: string, where: SQL) {
    let rows = await keyRows(userId, where);
    const unsealed = rows.filter((row) => !row.sealedKey).map((row) => row.id);
    if (unsealed.length) {
      await sealRows(unsealed);
      rows = await keyRows(userId, where);
    }
    return views(rows);
  }

  /**
   * The user's keys of these products (one page of My Downloads), by product: two reads
   * whatever the page holds.
   */
  async function ownerKeys(
    userId: string,
    productIds: string[],
  ): Promise<Map<string, LicenseKey[]>> {
    if (!productIds.length) return new Map();
    const ids = sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return readKeys(userId, sql`k.product_id in (${ids})`);
  }

  /** One key of the user's; 404 for any other. */
  async function ownerKey(userId: string, licenseId: string): Promise<LicenseKey> {
    const byProduct = await readKeys(userId, sql`k.id = ${licenseId}::uuid`);
    const [key] = [...byProduct.values()].flat();
    if (!key) throw notFound();
    return key;
  }

  /**
   * The owner frees a device of theirs: the activation goes (an activation already gone is
   * fine: the device is free either way). 404 'License not found' for a key not theirs.
   */
  async function deactivate(
    userId: string,
    licenseId: string,
    instanceId: string,
  ): Promise<LicenseKey> {
    const [owned] = await db
      .select({ id: licenseKeys.id })
      .from(licenseKeys)
      .where(and(eq(licenseKeys.id, licenseId), eq(licenseKeys.userId, userId)));
    if (!owned) throw notFound();
    await db
      .delete(licenseActivations)
      .where(
        and(eq(licenseActivations.id, instanceId), eq(licenseActivations.licenseId, licenseId)),
      );
    return ownerKey(userId, licenseId);
  }

  return { sealOrderKeys, sweep, ownerKeys, ownerKey, deactivate };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
