import { sql } from 'drizzle-orm';
import type { JobInsert, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { statementsIn } from './sql-adapter.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Where the api moves pg-boss 10's schema, beside the one pg-boss 12 installs. */
export const V10_SCHEMA = 'pgboss_v10';
// The schema of pg-boss 11.0, the oldest pg-boss 12 migrates from: pg-boss 10's is 24, and
// neither 11 nor 12 has a migration from it (their start refuses it).
const FIRST_MIGRATABLE_VERSION = 25;
const KEEP_FAILED_DAYS = 7;

const v10 = (table: string) => sql.raw(`${V10_SCHEMA}.${table}`);

/**
 * Renames a schema of pg-boss 10 out of pg-boss 12's way, so 12 installs its own and the api
 * starts; `carryOverV10Jobs` then moves what was still to run. One statement, so a start that
 * dies around it leaves the schema in place or set aside, never half of it. Runs under the start
 * lock, with every pg-boss 10 instance stopped (one running beside 12 fails its statements).
 */
export async function setAsideV10Schema(db: Db, boss: PgBoss, schema: string, log: Logger) {
  if (!(await boss.isInstalled())) return;
  const version = await boss.schemaVersion();
  if (version === null || version >= FIRST_MIGRATABLE_VERSION) return;
  await db.execute(sql.raw(`alter schema ${schema} rename to ${V10_SCHEMA}`));
  log.warn({ version, schema: V10_SCHEMA }, 'pg-boss 10 schema set aside for pg-boss 12');
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: string;
  retryLimit: number;
  retryCount: number;
  retryDelay: number;
  retryBackoff: boolean;
  startAfter: Date | string;
  singletonKey: string | null;
}

/**
 * Moves the jobs of `queues` that pg-boss 10 still had to run (waiting, due for a retry, or
 * running when its worker stopped: run again, as after an expiry) into pg-boss 12, keeping their
 * id, data, due time and the retries they had left. The delete and the inserts commit together,
 * so a job moves once. Finished jobs go (the ones kept for credentials only had minutes left);
 * failed ones stay in the old schema a week to be seen, and the schema is dropped once nothing
 * else is left in it. Anything left is logged at every start.
 */
export async function carryOverV10Jobs(db: Db, boss: PgBoss, queues: string[], log: Logger) {
  const [schema] = await rawRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${`${V10_SCHEMA}.job`}::text) is not null as present`,
  );
  if (!schema?.present || !queues.length) return;
  const names = sql.join(
    queues.map((queue) => sql`${queue}`),
    sql`, `,
  );
  const moved = await db.transaction(async (tx) => {
    const jobs = await rawRows<V10Job>(
      tx,
      sql`delete from ${v10('job')} where state < 'completed' and name in (${names})
        returning id::text, name, data, priority, state::text, retry_limit as "retryLimit",
          retry_count as "retryCount", retry_delay as "retryDelay",
          retry_backoff as "retryBackoff", start_after as "startAfter",
          singleton_key as "singletonKey"`,
    );
    for (const queue of queues) {
      const inserts = jobs.filter((job) => job.name === queue).map(asInsert);
      if (inserts.length) await boss.insert(queue, inserts, { db: statementsIn(tx) });
    }
    return jobs.length;
  });
  if (moved) log.info({ count: moved }, 'jobs pg-boss 10 had still to run moved to pg-boss 12');
  await db.execute(sql`delete from ${v10('archive')}`);
  await db.execute(sql`delete from ${v10('job')} where state in ('completed', 'cancelled')
    or (state = 'failed' and completed_on < now() - make_interval(days => ${KEEP_FAILED_DAYS}))`);
  const left = await rawRows<{ state: string; count: number }>(
    db,
    sql`select state::text, count(*)::int as count from ${v10('job')} group by state`,
  );
  if (left.length) log.warn({ schema: V10_SCHEMA, left }, 'jobs of pg-boss 10 kept to be seen');
  else await db.execute(sql.raw(`drop schema ${V10_SCHEMA} cascade`));
}

function asInsert(job: V10Job): JobInsert {
  return {
    id: job.id,
    data: job.data ?? {},
    priority: job.priority,
    // A running job is due now, as pg-boss 10 would have had it after its expiry.
    ...(job.state !== 'active' && { startAfter: job.startAfter }),
    retryLimit: Math.max(job.retryLimit - job.retryCount, 0),
    retryDelay: job.retryDelay,
    retryBackoff: job.retryBackoff,
    ...(job.singletonKey !== null && { singletonKey: job.singletonKey }),
  };
}
