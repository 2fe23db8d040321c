import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Database } from '../../../src/db/client.ts';
import { runMigrations } from '../../../src/db/migrate.ts';
import { rawRows } from '../../../src/db/raw-rows.ts';
import { MAIL_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { jobsDatabase } from '../../../src/infrastructure/jobs/sql-adapter.ts';
import { V10_SCHEMA } from '../../../src/infrastructure/jobs/v10-schema.ts';
import { nameUuid } from '../../../src/lib/uuid.ts';
import { TEST_ENV } from '../../helpers/app.ts';
import { databaseKinds, openEmptyDatabase } from '../../helpers/databases.ts';
import { jobRows, ScriptedRelay, waitFor } from './job-rows.ts';

const v10Schema = fs.readFileSync(new URL('./pgboss-v10.sql', import.meta.url), 'utf8');

interface V10Row {
  name: string;
  to: string;
  state: string;
  /** Seconds from now: when it is due, or when it started or ended. */
  at: number;
  retryCount?: number;
}

const rows: V10Row[] = [
  { name: MAIL_QUEUE, to: 'waiting@v10.test', state: 'created', at: -1 },
  { name: MAIL_QUEUE, to: 'retrying@v10.test', state: 'retry', at: -1, retryCount: 1 },
  { name: MAIL_QUEUE, to: 'running@v10.test', state: 'active', at: -5 },
  { name: MAIL_QUEUE, to: 'later@v10.test', state: 'created', at: 3600 },
  { name: MAIL_QUEUE, to: 'sent@v10.test', state: 'completed', at: -30 },
  { name: MAIL_QUEUE, to: 'archived@v10.test', state: 'completed', at: -90 },
  { name: MAIL_QUEUE, to: 'failed@v10.test', state: 'failed', at: -86_400 },
  { name: MAIL_QUEUE, to: 'failed-long-ago@v10.test', state: 'failed', at: -8 * 86_400 },
  { name: 'retired', to: 'retired@v10.test', state: 'created', at: -1 },
];
const idOf = (to: string) => nameUuid(`v10:${to}`);

/** The schema pg-boss 10 made, its queues, and jobs left in every state, as it left them. */
async function installV10(database: Database) {
  const boss10 = jobsDatabase(database.driver);
  await boss10.executeSql(v10Schema);
  for (const name of [MAIL_QUEUE, 'retired']) {
    const options = { policy: 'standard', retryLimit: 5, retryDelay: 1, retryBackoff: true };
    await boss10.executeSql('select pgboss.create_queue($1, $2)', [name, JSON.stringify(options)]);
  }
  for (const row of rows) {
    const data = { to: row.to, subject: 'From v10', text: 'Hi', key: row.to, sentAt: new Date() };
    const at = `now() + make_interval(secs => ${row.at})`;
    await boss10.executeSql(
      `insert into pgboss.job (name, id, data, state, retry_limit, retry_count, start_after,
         started_on, completed_on, policy)
       values ($1, $2, $3, $4::pgboss.job_state, 5, $5,
         case when $4 in ('created', 'retry') then ${at} else now() - interval '1 minute' end,
         case when $4 in ('created', 'retry') then null else ${at} end,
         case when $4 in ('completed', 'failed') then ${at} end, 'standard')`,
      [row.name, idOf(row.to), JSON.stringify(data), row.state, row.retryCount ?? 0],
    );
  }
  // As pg-boss 10's maintenance archives a finished job.
  await boss10.executeSql(
    `with archived as (delete from pgboss.job where id = $1 returning *)
     insert into pgboss.archive select *, now() from archived`,
    [idOf('archived@v10.test')],
  );
}

const leftInV10 = (database: Database) =>
  rawRows<{ to: string; state: string }>(
    database.db,
    sql.raw(`select data->>'to' as to, state::text from ${V10_SCHEMA}.job order by 1`),
  );

for (const kind of databaseKinds()) {
  it(`jobs: a database pg-boss 10 made starts, and its jobs still to run run once [${kind}]`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-test-'));
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
    // Without pg-boss's schema (the test databases' template has today's).
    const database = await openEmptyDatabase(kind);
    await runMigrations(database);
    const relay = new ScriptedRelay();
    let app: FastifyInstance | undefined;
    const start = async () => {
      app = await buildApp(config, { database, mailer: relay });
      await app.ready();
      return app;
    };
    try {
      await installV10(database);
      const first = await start();
      assert.equal(await first.services.jobs.boss.schemaVersion(), 46);
      const due = ['retrying@v10.test', 'running@v10.test', 'waiting@v10.test'];
      const completed = async () =>
        (await jobRows(database.db, MAIL_QUEUE)).filter((job) => job.state === 'completed');
      await waitFor('the jobs due ran', async () => (await completed()).length === 3);
      assert.deepEqual(relay.delivered.map((message) => message.to).sort(), due);
      const moved = await jobRows(database.db, MAIL_QUEUE);
      assert.deepEqual(moved.map((job) => [job.to, job.id, job.state]).sort(), [
        ['later@v10.test', idOf('later@v10.test'), 'created'],
        ...due.map((to) => [to, idOf(to), 'completed']),
      ]);
      const [later] = await rawRows<{ inMinutes: number }>(
        database.db,
        sql`select extract(epoch from start_after - now()) / 60 as "inMinutes"
          from pgboss.job where id = ${idOf('later@v10.test')}::uuid`,
      );
      assert.ok(Math.abs(Number(later!.inMinutes) - 60) < 1, 'still due in an hour');
      assert.deepEqual(await leftInV10(database), [
        { to: 'failed@v10.test', state: 'failed' },
        { to: 'retired@v10.test', state: 'created' },
      ]);
      const archived = `select count(*)::int as count from ${V10_SCHEMA}.archive`;
      assert.deepEqual(await rawRows(database.db, sql.raw(archived)), [{ count: 0 }]);

      // A week on, with the retired queue's job dealt with: the next start drops the schema.
      await first.close();
      await database.db.execute(sql.raw(`delete from ${V10_SCHEMA}.job where name = 'retired'`));
      await database.db.execute(
        sql.raw(`update ${V10_SCHEMA}.job set completed_on = now() - interval '8 days'`),
      );
      await start();
      const [schema] = await rawRows<{ present: boolean }>(
        database.db,
        sql`select exists (select from pg_namespace where nspname = ${V10_SCHEMA}) as present`,
      );
      assert.equal(schema!.present, false);
    } finally {
      await app?.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
