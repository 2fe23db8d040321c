/**
 * The scale store's license keys, after `scale-seed.ts`: one licensed product and a million
 * keys on the scale shoppers' order lines, written by one `insert ... select` whose keys and
 * lookup hashes PostgreSQL computes itself. Key n is derived from n, so the load names keys
 * without reading them back (the database keeps only their keyed hashes).
 */
import { createHash, hkdfSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { KeyVault } from '../../api/src/licenses/key-vault.ts';
import { readSetting } from '../../api/src/lib/env-settings.ts';
import { SCHEMA } from '../../api/src/settings.ts';
import { timedSteps, type SeedStep } from './scale-seed.ts';

export const LICENSES = {
  keys: 1_000_000,
  activationLimit: 3,
  /** Key n is the md5 of this and n. */
  salt: 'scale-license-',
} as const;

export interface LicenseSeedResult {
  seconds: number;
  steps: SeedStep[];
  /** The product every key is of. */
  productId: string;
  keys: number;
  /** Keys whose lookup hash was checked against the api's KeyVault after the insert. */
  checked: number;
}

type Log = (message: string) => void;

/**
 * The secret the bench's api hashes keys with: the api's development default unless the
 * caller's environment sets one (the api inherits that environment).
 */
function licenseSecret(): string {
  const secret = readSetting(
    'LICENSE_KEY_SECRET',
    SCHEMA.LICENSE_KEY_SECRET,
    process.env.LICENSE_KEY_SECRET,
    'development',
  );
  if (!secret) throw new Error('scale licenses: no LICENSE_KEY_SECRET');
  return secret;
}

/** The api's own hashing of keys, with the secret the bench's api runs on. */
export function licenseVault(): KeyVault {
  return new KeyVault(licenseSecret());
}

/**
 * Key n, in the canonical form the api hashes: 32 hex digits (all of them Crockford base32
 * characters, none of the letters the codec rewrites) upper-cased, in four groups of eight.
 * The seed's SQL spells the same thing.
 */
export function scaleLicenseKey(n: number): string {
  const hex = createHash('md5').update(`${LICENSES.salt}${n}`).digest('hex').toUpperCase();
  return hex.match(/.{8}/g)!.join('-');
}

/**
 * The HMAC-SHA256 of KeyVault.lookupHash as PostgreSQL's built-in sha256 can run it:
 * sha256(opad || sha256(ipad || message)), with the key's two padded blocks made here
 * (KeyVault keeps its derived key to itself; the seed checks its hashes against it after).
 */
function hmacBlocks(secret: string): { ipad: Buffer; opad: Buffer } {
  const hashKey = Buffer.from(hkdfSync('sha256', secret, '', 'license key lookup', 32));
  const block = Buffer.alloc(64);
  hashKey.copy(block);
  return {
    ipad: Buffer.from(block.map((byte) => byte ^ 0x36)),
    opad: Buffer.from(block.map((byte) => byte ^ 0x5c)),
  };
}

/** The first `$2` order lines of the scale shoppers (not the heavy one), n from 1 in id order. */
const LINES = `select row_number() over (order by i.id) as n, i.id as order_item_id, i.order_id,
    i.product_id, o.user_id, o.completed_at
  from order_items i
  join orders o on o.id = i.order_id and o.status = 'completed'
  join users u on u.id = o.user_id and u.email like 'shopper%@scale.test'
  order by i.id
  limit $2`;

/** The foreign keys of the keys written without their row checks, all at once. */
const FOREIGN_KEYS = [
  ['order_id', 'orders'],
  ['order_item_id', 'order_items'],
  ['product_id', 'products'],
  ['user_id', 'users'],
] as const;

/**
 * `keys` license keys (fewer when the scale shoppers have fewer order lines), one per line of
 * theirs, oldest first: unit 1, the line's order and user, activation limit 3, perpetual. The
 * heavy shopper's lines get none, so the section's reads of its purchases stay as they were.
 */
export async function seedLicenseKeys(
  url: string,
  log: Log,
  { keys = LICENSES.keys }: { keys?: number } = {},
): Promise<LicenseSeedResult> {
  const started = performance.now();
  const { ipad, opad } = hmacBlocks(licenseSecret());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: SeedStep[] = [];
  const run = timedSteps(client, log, 'scale licenses', steps);
  try {
    // Nothing here must survive a crash: the database is the bench's own and dropped after.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set jit = off`);
    // Key 1's line names the licensed product; every key is of that one product, whatever its
    // own line bought: what is measured is finding one key among a million, not which product
    // it belongs to.
    const product = await run(
      'licensed product',
      `update products set licensed = true, activation_limit = $1, license_days = null
        where id = (select product_id from (${LINES}) as lines where n = 1)
        returning id`,
      [LICENSES.activationLimit, 1],
    );
    const productId = (product.rows[0] as { id: string } | undefined)?.id;
    if (!productId) throw new Error('scale licenses: the scale shoppers have no order lines');
    // Foreign keys hold by construction (every row comes from a join): checked set-based after.
    const checksDeferred = await client
      .query(`set session_replication_role = replica`)
      .then(() => true)
      .catch((error: Error) => {
        log(`scale licenses: foreign keys checked row by row (${error.message})`);
        return false;
      });
    // No sealed key: the bench's keys are never shown to an owner, and validate and activate
    // find a key by its lookup hash alone. Written in the order of their random ids, as
    // scale-seed.ts does: the primary key index grows at its right edge.
    const inserted = await run(
      'license keys',
      `insert into license_keys (id, order_id, order_item_id, unit, product_id, user_id,
          lookup_hash, key_hint, activation_limit, created_at)
        select id, order_id, order_item_id, 1, $3, user_id,
          sha256($4::bytea || sha256($5::bytea || convert_to(key, 'UTF8'))),
          right(key, 8), $1, completed_at
        from (
          select gen_random_uuid() as id, lines.*,
            substr(h.hex, 1, 8) || '-' || substr(h.hex, 9, 8) || '-' ||
              substr(h.hex, 17, 8) || '-' || substr(h.hex, 25, 8) as key
          from (${LINES}) as lines
          cross join lateral (select upper(md5($6 || lines.n)) as hex) as h
        ) as keyed
        order by id`,
      [LICENSES.activationLimit, keys, productId, opad, ipad, LICENSES.salt],
    );
    if (checksDeferred) {
      await client.query(`set session_replication_role = origin`);
      await run(
        'license foreign keys checked',
        `select ${FOREIGN_KEYS.map(
          ([column, target]) =>
            `(select count(*) from license_keys t where not exists ` +
            `(select 1 from ${target} r where r.id = t.${column}))`,
        ).join(' + ')} as missing`,
      ).then((result) => {
        const missing = Number((result.rows[0] as { missing: string }).missing);
        if (missing > 0) throw new Error(`scale licenses: ${missing} keys point to no row`);
      });
    }
    const written = inserted.rowCount ?? 0;
    const checked = await checkHashes(client, written);
    await run('license keys vacuum analyze', 'vacuum (analyze) license_keys');
    await run('license keys checkpoint', 'checkpoint').catch((error: Error) =>
      log(`scale licenses: no checkpoint (${error.message})`),
    );
    return {
      seconds: (performance.now() - started) / 1000,
      steps,
      productId,
      keys: written,
      checked,
    };
  } finally {
    await client.end();
  }
}

/** The first, middle and last keys are found by the hash the api's own KeyVault computes. */
async function checkHashes(client: pg.Client, written: number): Promise<number> {
  const vault = licenseVault();
  const samples = [...new Set([1, Math.ceil(written / 2), written])].filter((n) => n >= 1);
  const { rows } = await client.query<{ found: number }>(
    `select count(*)::int as found from license_keys where lookup_hash = any($1::bytea[])`,
    [samples.map((n) => vault.lookupHash(scaleLicenseKey(n)))],
  );
  if (rows[0]!.found !== samples.length) {
    throw new Error(
      `scale licenses: ${rows[0]!.found} of ${samples.length} sample keys found by the api's hash`,
    );
  }
  return samples.length;
}
