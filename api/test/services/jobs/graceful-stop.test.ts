import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { mailDeliveries } from '../../../src/db/schema.ts';
import { MAIL_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { uniqueEmail } from '../../helpers/accounts.ts';
import { startApp } from '../../helpers/app.ts';
import { databaseKinds } from '../../helpers/databases.ts';
import { jobRows, ScriptedRelay, waitFor } from './job-rows.ts';

for (const kind of databaseKinds()) {
  it(`jobs: the close waits for a running job, within its grace [${kind}]`, async () => {
    const relay = new ScriptedRelay();
    // Within the close's 1.5 s grace.
    relay.delayMs = 800;
    const suite = await startApp(kind, { build: { mailer: relay } });
    try {
      const to = uniqueEmail('closing');
      await suite.app.services.mailer.send({ to, subject: 'At close', text: 'Slow relay' });
      await waitFor('the relay took the mail', async () => relay.attempts.length === 1);
      const closingAt = Date.now();
      await suite.app.close();
      const closeMs = Date.now() - closingAt;
      assert.deepEqual(
        relay.delivered.map((message) => message.to),
        [to],
        'the running job finished before the close returned',
      );
      assert.ok(closeMs >= 500, `the close returned after ${closeMs} ms, before the job ended`);
      assert.ok(closeMs < 2_500, `the close took ${closeMs} ms`);
      const rows = await jobRows(suite.database.db, MAIL_QUEUE);
      assert.deepEqual(
        rows.map((row) => [row.to, row.state]),
        [[to, 'completed']],
      );
      const keys = await suite.database.db.select().from(mailDeliveries);
      assert.deepEqual(
        keys.map((row) => row.key),
        [rows[0]!.key],
      );
    } finally {
      await suite.database.close();
      fs.rmSync(suite.config.dataDir, { recursive: true, force: true });
    }
  });
}
