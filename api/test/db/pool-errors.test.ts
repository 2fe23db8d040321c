import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { wrapPool, type Database } from '../../src/db/client.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { isServiceOutage } from '../../src/lib/service-outage.ts';

const url = process.env.TEST_DATABASE_URL;
const LOCK_KEY = 918_273_645;

describe(
  'a pooled connection the server drops while it is checked out',
  { skip: url ? false : 'needs PostgreSQL: set TEST_DATABASE_URL' },
  () => {
    let database: Database;
    let admin: pg.Client;

    before(async () => {
      database = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    });

    after(async () => {
      await admin.end();
      await database.close();
    });

    it("fails its holder's next statement as an outage, without crashing the process", async () => {
      const holding = database.withAdvisoryLock(LOCK_KEY, async () => {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_locks
           where locktype = 'advisory' and objid = $1`,
          [LOCK_KEY],
        );
        assert.deepEqual(rows, [{ ended: true }]);
        // The termination reaches the idle, checked-out connection as an 'error' event.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      // The unlock runs on the dropped connection.
      await assert.rejects(holding, (error) => isServiceOutage(error));
      // The pool discarded it and answers on a new one.
      assert.deepEqual(await rawRows(database.db, sql`select 1 as one`), [{ one: 1 }]);
    });
  },
);
