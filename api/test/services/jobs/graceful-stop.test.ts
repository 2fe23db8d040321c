import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { mailDeliveries } from '../../../src/db/schema.ts';
import { MAIL_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { uniqueEmail } from '../../helpers/accounts.ts';
import { startApp } from '../../helpers/app.ts';
import { databaseKinds } from '../../helpers/databases.ts';
import { latch } from '../../helpers/latch.ts';
import { jobRows, ScriptedRelay, sleep, waitFor } from './job-rows.ts';

for (const kind of databaseKinds()) {
  it(`jobs: the close waits for a running job, within its grace [${kind}]`, async () => {
    const relay = new ScriptedRelay();
    const relayAnswers = latch();
    relay.hold = relayAnswers.opened;
    const suite = await startApp(kind, { build: { mailer: relay } });
    try {
      const to = uniqueEmail('closing');
      await suite.app.services.mailer.send({ to, subject: 'At close', text: 'Slow relay' });
      await waitFor('the relay took the mail', async () => relay.attempts.length === 1);
      let closed = false;
      const closing = suite.app.close().then(() => {
        closed = true;
      });
      // Well inside the close's grace: the relay answers before the job could be abandoned.
      await sleep(100);
      assert.equal(closed, false, 'the close returned while the job was running');
      relayAnswers.open();
      await closing;
      assert.deepEqual(
        relay.delivered.map((message) => message.to),
        [to],
        'the running job finished before the close returned',
      );
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
