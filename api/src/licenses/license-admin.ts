import type { AdminLicense, AdminLicensesPage, LicenseActivation } from '@store/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { exactTime, newestAfter } from '../db/keyset.ts';
import { licenseActivations, licenseKeys, products, users } from '../db/schema.ts';
import { pageOf, type CursorCodec } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import { maskedKey } from './key-codec.ts';
import { sameHash, type KeyVault } from './key-vault.ts';
import { licenseStatus } from './license-status.ts';

export interface LicenseAdminDeps {
  db: Db;
  vault: KeyVault;
  cursors: CursorCodec;
}

const notFound = () => new HttpError(404, 'License not found');

// A key not sealed yet (sealed within a minute of its order's completion) has no hint.
const UNSEALED_HINT = 'XXXXXXXX';

const columns = {
  id: licenseKeys.id,
  lookupHash: licenseKeys.lookupHash,
  keyHint: licenseKeys.keyHint,
  status: licenseStatus('license_keys'),
  productId: licenseKeys.productId,
  productName: products.name,
  orderId: licenseKeys.orderId,
  email: users.email,
  activationLimit: licenseKeys.activationLimit,
  expiresAt: licenseKeys.expiresAt,
  createdAt: licenseKeys.createdAt,
  exactCreatedAt: exactTime(licenseKeys.createdAt),
};

/**
 * The admin's license calls: find keys by a whole key or the buyer's whole e-mail, and
 * disable, enable or reset one. The admin sees a key masked but for its last group; the
 * search by key goes through the same keyed hash as the public API.
 */
export function createLicenseAdmin({ db, vault, cursors }: LicenseAdminDeps) {
  function rows(where: SQL | undefined, limit: number) {
    return db
      .select(columns)
      .from(licenseKeys)
      .innerJoin(users, eq(users.id, licenseKeys.userId))
      .innerJoin(products, eq(products.id, licenseKeys.productId))
      .where(where)
      .orderBy(desc(licenseKeys.createdAt), desc(licenseKeys.id))
      .limit(limit);
  }

  type Row = Awaited<ReturnType<typeof rows>>[number];

  /** Each key with its devices, most recently seen first: one read for the whole page. */
  async function views(keys: Row[]): Promise<AdminLicense[]> {
    if (!keys.length) return [];
    const devices = await db
      .select()
      .from(licenseActivations)
      .where(
        inArray(
          licenseActivations.licenseId,
          keys.map((key) => key.id),
        ),
      )
      .orderBy(desc(licenseActivations.lastSeenAt), desc(licenseActivations.id));
    const byKey = new Map<string, LicenseActivation[]>();
    for (const device of devices) {
      const list = byKey.get(device.licenseId) ?? [];
      list.push({
        instanceId: device.id,
        instanceName: device.name,
        lastSeenAt: device.lastSeenAt.toISOString(),
      });
      byKey.set(device.licenseId, list);
    }
    return keys.map((key) => ({
      id: key.id,
      maskedKey: maskedKey(key.keyHint ?? UNSEALED_HINT),
      status: key.status,
      productId: key.productId,
      productName: key.productName,
      orderId: key.orderId,
      email: key.email,
      activationLimit: key.activationLimit,
      expiresAt: key.expiresAt?.toISOString() ?? null,
      createdAt: key.createdAt.toISOString(),
      activations: byKey.get(key.id) ?? [],
    }));
  }

  /**
   * One page, newest first, of the keys `q` names: the one key it is (any case, with or
   * without dashes), or every key of the buyer whose e-mail it is (any case). A cursor pages
   * only the search it was handed out for; its list name is a keyed hash of `q`, so no cursor
   * carries a key.
   */
  async function search(
    { q, limit }: { q: string; limit: number },
    cursor?: string,
  ): Promise<AdminLicensesPage> {
    const byEmail = q.includes('@');
    const needle = byEmail ? q.trim().toLowerCase() : q;
    const hash = vault.lookupHash(needle);
    const list = `licenses:${hash.toString('base64url').slice(0, 22)}`;
    const after = cursor === undefined ? null : cursors.decode(list, cursor);
    const where = byEmail
      ? eq(users.email, needle)
      : sql`${licenseKeys.lookupHash} = decode(${hash.toString('hex')}, 'hex')`;
    const found = await rows(
      and(where, after ? newestAfter(licenseKeys.createdAt, licenseKeys.id, after) : undefined),
      limit + 1,
    );
    const matching = byEmail
      ? found
      : found.filter((row) => row.lookupHash && sameHash(row.lookupHash, hash));
    const page = pageOf(
      matching,
      limit,
      (last) => cursors.encode(list, [last.exactCreatedAt, last.id]),
      (row) => row,
    );
    return { licenses: await views(page.items), nextCursor: page.nextCursor };
  }

  async function view(licenseId: string): Promise<AdminLicense> {
    const [license] = await views(await rows(eq(licenseKeys.id, licenseId), 1));
    if (!license) throw notFound();
    return license;
  }

  /** Refuses the key to the public API (403 'License disabled') until enabled again. */
  async function disable(licenseId: string): Promise<AdminLicense> {
    await db
      .update(licenseKeys)
      .set({ disabledAt: sql`coalesce(${licenseKeys.disabledAt}, now())` })
      .where(eq(licenseKeys.id, licenseId));
    return view(licenseId);
  }

  async function enable(licenseId: string): Promise<AdminLicense> {
    await db.update(licenseKeys).set({ disabledAt: null }).where(eq(licenseKeys.id, licenseId));
    return view(licenseId);
  }

  /** Frees every device of the key (a buyer who lost their machines). */
  async function reset(licenseId: string): Promise<AdminLicense> {
    await db.delete(licenseActivations).where(eq(licenseActivations.licenseId, licenseId));
    return view(licenseId);
  }

  return { search, disable, enable, reset };
}
