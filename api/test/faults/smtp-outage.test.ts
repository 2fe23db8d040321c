import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAIL_QUEUE } from '../../src/infrastructure/jobs/queues.ts';
import { PASSWORD, signUp, uniqueEmail } from '../helpers/accounts.ts';
import { describeEachDatabase, startApp } from '../helpers/app.ts';
import { buy, createProducts } from '../helpers/checkout.ts';
import { TestClient } from '../helpers/client.ts';
import { jobRows } from '../services/jobs/job-rows.ts';
import { decodedText, startFakeSmtp } from './fake-smtp.ts';

const smtp = await startFakeSmtp();
after(() => smtp.close());

const env = {
  SMTP_URL: smtp.url,
  SMTP_TIMEOUT_MS: '500',
  MAIL_RETRY_INTERVAL_SECONDS: '1',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mail jobs not delivered yet: waiting, running or due for a retry. */
async function queued(app: FastifyInstance) {
  const rows = await jobRows(app.db, MAIL_QUEUE);
  return rows.filter((row) => ['created', 'retry', 'active'].includes(row.state));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting until ${what}`);
    await sleep(100);
  }
}

function receivedBy(to: string) {
  return smtp.received.filter((mail) => mail.to.includes(to));
}

describeEachDatabase(
  'faults: SMTP down (signup and checkout go on, mail waits in the queue)',
  (suite) => {
    before(() => smtp.set('down'));

    it('signs up while the relay refuses or hangs, and delivers the mail once it is back', async () => {
      const refusedAt = Date.now();
      const refused = await signUp(suite.app, uniqueEmail('refused'));
      assert.ok(Date.now() - refusedAt < 2_000, 'no wait for a refusing relay');

      await smtp.set('hung');
      const hungAt = Date.now();
      const hung = await signUp(suite.app, uniqueEmail('hung'));
      const hungMs = Date.now() - hungAt;
      assert.ok(hungMs < 3_000, `a hung relay held the sign-up ${hungMs} ms`);
      await smtp.set('down');

      // The hung attempt ends with the SMTP timeout, before its job would expire.
      await waitFor('both first attempts failed', async () => {
        const rows = await queued(suite.app);
        return rows.length === 2 && rows.every((row) => row.state === 'retry');
      });
      const rows = await queued(suite.app);
      assert.deepEqual(rows.map((row) => row.to).sort(), [refused, hung].sort());
      for (const row of rows) {
        assert.equal(row.subject, 'Verify your email address');
        assert.ok(row.output?.message, 'the failure is recorded');
        assert.doesNotMatch(row.output.message, /handler execution exceeded/);
      }
      assert.equal(receivedBy(refused).length + receivedBy(hung).length, 0, 'nothing sent yet');

      await smtp.set('up');
      await waitFor('the queue is empty', async () => (await queued(suite.app)).length === 0);
      for (const email of [refused, hung]) {
        const mails = receivedBy(email);
        assert.equal(mails.length, 1, `one verification mail for ${email}`);
        const link = /https?:\/\/\S+\/verify-email\/([\w-]+)/.exec(decodedText(mails[0]!));
        assert.ok(link, 'the mail carries the verification link');
        const verified = await suite.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email/${link[1]}`,
        });
        assert.equal(verified.statusCode, 200, verified.body);
      }
    });

    it('completes a checkout while the relay is down and mails the confirmation later, once', async () => {
      await smtp.set('up');
      const email = await signUp(suite.app, uniqueEmail('buyer'));
      await waitFor('the verification mail arrived', async () => receivedBy(email).length === 1);
      const token = /verify-email\/([\w-]+)/.exec(decodedText(receivedBy(email)[0]!))![1];
      await suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      const client = new TestClient(suite.app);
      const login = await client.post('/api/auth/login', { email, password: PASSWORD });
      assert.equal(login.statusCode, 200, login.body);
      const [product] = await createProducts(suite.app, [25]);

      await smtp.set('down');
      const order = await buy(suite.app, client, [{ product }]);
      assert.equal(order.status, 'completed');
      await waitFor('the confirmation is queued', async () =>
        (await queued(suite.app)).some((row) => row.to === email),
      );
      await sleep(1_200); // a retry round against the dead relay
      assert.equal(receivedBy(email).length, 1, 'only the verification mail so far');

      await smtp.set('up');
      await waitFor('the confirmation arrived', async () => receivedBy(email).length === 2);
      await waitFor('the queue is empty', async () => (await queued(suite.app)).length === 0);
      const confirmations = receivedBy(email).filter((mail) => /is confirmed/.test(mail.raw));
      assert.equal(confirmations.length, 1);
      assert.match(decodedText(confirmations[0]!), new RegExp(order.id.slice(-8)));
    });
  },
  { env },
);

it('faults: a relay that hangs at shutdown does not hold the exit; its mail job is due again', async () => {
  await smtp.set('hung');
  // Longer than the close's 1.5 s grace: a send that ended on its own would fail with the
  // relay's timeout, not with the shutdown's message.
  const suite = await startApp('pglite', { env: { ...env, SMTP_TIMEOUT_MS: '3500' } });
  try {
    const message = { to: 'closing@example.test', subject: 'In flight', text: 'Sent at close' };
    suite.app.services.backgroundMail.post(message, {}, 'test mail failed');
    await sleep(200);
    await suite.app.close();
    const rows = await jobRows(suite.database.db, MAIL_QUEUE);
    assert.deepEqual(
      rows.map((row) => [row.to, row.subject, row.state, row.output?.message]),
      [['closing@example.test', 'In flight', 'retry', 'interrupted by shutdown']],
    );
  } finally {
    await suite.database.close();
    fs.rmSync(suite.config.dataDir, { recursive: true, force: true });
    await smtp.set('down');
  }
});
