import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.ts';
import { MAIL_QUEUE, PAYMENT_SWEEP_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { uniqueEmail } from '../../helpers/accounts.ts';
import { startApp, type Suite } from '../../helpers/app.ts';
import { databaseKinds, type DatabaseKind } from '../../helpers/databases.ts';
import { jobRows, ScriptedRelay, sleep, waitFor } from './job-rows.ts';

const INSTANCES = 3;
const MAILS = 30;

/** Three apps on one database, as three api instances would be, each with its own relay. */
async function startInstances(kind: DatabaseKind, env: Record<string, string>) {
  const relays = Array.from({ length: INSTANCES }, () => new ScriptedRelay());
  const suite: Suite = await startApp(kind, { env, build: { mailer: relays[0] } });
  const others: FastifyInstance[] = [];
  for (const relay of relays.slice(1)) {
    const app = await buildApp(suite.config, { database: suite.database, mailer: relay });
    await app.ready();
    others.push(app);
  }
  return {
    apps: [suite.app, ...others],
    relays,
    suite,
    async close() {
      await Promise.all(others.map((app) => app.close()));
      await suite.close();
    },
  };
}

const postgres = databaseKinds().filter((kind) => kind === 'postgres');

describe('jobs: one run per job across three instances', { skip: !postgres.length }, () => {
  it('delivers each of 30 mails, sent through all three instances, exactly once [postgres]', async () => {
    const cluster = await startInstances('postgres', {});
    try {
      const recipients = Array.from({ length: MAILS }, (_, i) => uniqueEmail(`spread${i}`));
      await Promise.all(
        recipients.map((to, i) =>
          cluster.apps[i % INSTANCES]!.services.mailer.send({ to, subject: 'Once', text: to }),
        ),
      );
      const delivered = () => cluster.relays.flatMap((relay) => relay.delivered);
      await waitFor('every mail was delivered', async () => delivered().length >= MAILS);
      await sleep(500); // a second delivery would show by now
      const counts = new Map<string, number>();
      for (const message of delivered()) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
      assert.deepEqual(
        recipients.filter((to) => counts.get(to) !== 1),
        [],
        'every mail delivered exactly once',
      );
      assert.equal(delivered().length, MAILS);
      const rows = await jobRows(cluster.suite.app.db, MAIL_QUEUE);
      assert.equal(rows.filter((row) => row.state === 'completed').length, MAILS);
      assert.ok(
        cluster.relays.filter((relay) => relay.delivered.length > 0).length > 1,
        'more than one instance took jobs',
      );
    } finally {
      await cluster.close();
    }
  });
});

for (const kind of databaseKinds()) {
  it(`jobs: the payment sweep runs once per interval across three instances [${kind}]`, async () => {
    const cluster = await startInstances(kind, { PAYMENT_SWEEP_INTERVAL_SECONDS: '1' });
    const startedAt = Date.now();
    let rows;
    try {
      await Promise.all(cluster.apps.map((app) => app.paymentSweep));
      await sleep(6_000);
      rows = await jobRows(cluster.suite.app.db, PAYMENT_SWEEP_QUEUE);
    } finally {
      await cluster.close();
    }
    const elapsedS = (Date.now() - startedAt) / 1000;
    const runs = rows.filter((row) => row.startedOn && row.completedOn);
    const chain = runs.filter((row) => row.singletonKey === 'interval');
    assert.ok(chain.length >= 2, `${chain.length} periodic sweeps in ${elapsedS} s`);
    assert.ok(chain.length <= elapsedS + 1, `${chain.length} periodic sweeps in ${elapsedS} s`);
    for (let i = 1; i < chain.length; i += 1) {
      const gap = chain[i]!.startedOn!.getTime() - chain[i - 1]!.completedOn!.getTime();
      // Each is queued one interval later by the previous one, just before that one completes.
      assert.ok(gap >= 900, `a periodic sweep started ${gap} ms after the previous ended`);
    }
    const startUps = runs.filter((row) => row.singletonKey === 'start-up');
    assert.ok(startUps.length >= 1 && startUps.length <= INSTANCES);
    for (const key of ['interval', 'start-up']) {
      const same = runs.filter((row) => row.singletonKey === key);
      for (const a of same) {
        for (const b of same) {
          if (a === b) continue;
          const overlap = a.startedOn! < b.completedOn! && b.startedOn! < a.completedOn!;
          assert.ok(!overlap, `two ${key} sweeps ran at once`);
        }
      }
    }
  });
}
