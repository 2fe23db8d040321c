import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, it } from 'node:test';
import type { Job } from 'pg-boss';
import type { MailJob } from '../../../src/infrastructure/mail/mail-jobs.ts';
import { FAILED_JOBS_QUEUE } from '../../../src/infrastructure/jobs/boss.ts';
import { MAIL_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { uniqueEmail } from '../../helpers/accounts.ts';
import { decodedText, startFakeSmtp } from '../../faults/fake-smtp.ts';
import { describeEachDatabase, startApp } from '../../helpers/app.ts';
import { databaseKinds } from '../../helpers/databases.ts';
import { jobRows, ScriptedRelay, waitFor } from './job-rows.ts';

const relay = new ScriptedRelay();

function mail(to: string, subject = 'Retried') {
  return { to, subject, text: `Hello ${to}` };
}

describeEachDatabase(
  'jobs: mail delivery retries',
  (suite) => {
    it('retries a mail the relay refuses with a growing delay, then delivers it once', async () => {
      const to = uniqueEmail('backoff');
      relay.failNext = 2;
      await suite.app.services.mailer.send(mail(to));
      await waitFor('the mail was delivered', async () =>
        relay.delivered.some((message) => message.to === to),
      );
      const attempts = relay.attempts.filter((attempt) => attempt.message.to === to);
      assert.equal(attempts.length, 3);
      const [first, second, third] = attempts.map((attempt) => attempt.at);
      // MAIL_RETRY_INTERVAL_SECONDS=1: the first retry after at least 1 s, the next 2 s.
      assert.ok(second! - first! >= 1_000, `first retry after ${second! - first!} ms`);
      assert.ok(third! - second! >= 2_000, `second retry after ${third! - second!} ms`);
      await waitFor('the job completed', async () => {
        const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
        return row?.state === 'completed';
      });
      const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
      assert.equal(row!.retryCount, 2);
      assert.equal(row!.deleteAfterSeconds, 120, 'the message (its links) goes soon after');
      assert.equal(relay.delivered.filter((message) => message.to === to).length, 1);
    });

    it('sends one mail when the same job runs twice (its idempotency key was recorded)', async () => {
      const to = uniqueEmail('twice');
      const job: Job<MailJob> = {
        id: randomUUID(),
        name: MAIL_QUEUE,
        expireInSeconds: 60,
        heartbeatSeconds: null,
        retryCount: 0,
        signal: new AbortController().signal,
        data: { ...mail(to), key: randomUUID(), sentAt: new Date().toISOString() },
      };
      await suite.app.services.mailer.deliver(job);
      await suite.app.services.mailer.deliver(job);
      assert.equal(relay.attempts.filter((attempt) => attempt.message.to === to).length, 1);
    });

    it('completes a later job with a delivered key without sending it again', async () => {
      const to = uniqueEmail('one-key');
      const origin = { key: randomUUID(), sentAt: new Date() };
      const completed = async (count: number) => {
        const rows = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
        return rows.length === count && rows.every((row) => row.state === 'completed');
      };
      await suite.app.services.mailer.enqueue(mail(to), origin);
      await waitFor('the first job completed', () => completed(1));
      await suite.app.services.mailer.enqueue(mail(to), origin);
      await waitFor('both jobs completed', () => completed(2));
      assert.equal(relay.delivered.filter((message) => message.to === to).length, 1);
    });
  },
  { env: { MAIL_RETRY_INTERVAL_SECONDS: '1' }, build: { mailer: relay } },
);

describeEachDatabase(
  'jobs: mail given up',
  (suite) => {
    it('stops sending after the give-up time and ends the job failed, kept to be seen', async () => {
      const to = uniqueEmail('give-up');
      relay.failAll = true;
      try {
        await suite.app.services.mailer.send(mail(to));
        await waitFor(
          'the job ended failed',
          async () => {
            const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
            return row?.state === 'failed';
          },
          30_000,
        );
      } finally {
        relay.failAll = false;
      }
      const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
      const failedAfterMs = row!.completedOn!.getTime() - row!.createdOn.getTime();
      assert.ok(failedAfterMs >= 3_000, `failed ${failedAfterMs} ms after it was sent`);
      assert.match(row!.output?.message ?? '', /given up/);
      const attempts = relay.attempts.filter((attempt) => attempt.message.to === to);
      assert.ok(attempts.length >= 1);
      for (const attempt of attempts) {
        assert.ok(attempt.at - row!.createdOn.getTime() < 3_000, 'no attempt after the give-up');
      }
      assert.equal(relay.delivered.filter((message) => message.to === to).length, 0);
      // The failed row goes with the finished ones; its dead letter copy stays a week.
      const [kept] = (await jobRows(suite.app.db, FAILED_JOBS_QUEUE)).filter(
        (job) => job.key === row!.key,
      );
      assert.equal(kept?.state, 'created', 'a dead letter copy, which nothing works');
      const keptDays = (kept.keepUntil.getTime() - kept.createdOn.getTime()) / 86_400_000;
      assert.ok(Math.abs(keptDays - 7) < 0.01, `kept ${keptDays} days`);
    });
  },
  {
    env: { MAIL_RETRY_INTERVAL_SECONDS: '1', MAIL_GIVE_UP_AFTER_SECONDS: '3' },
    build: { mailer: relay },
  },
);

// With the fake relay that accepts connections and never greets.
const smtp = await startFakeSmtp();
after(() => smtp.close());

for (const kind of databaseKinds()) {
  it(`jobs: a hung relay times out well before the job expires, so no retry runs beside it [${kind}]`, async () => {
    await smtp.set('hung');
    const suite = await startApp(kind, {
      env: { SMTP_URL: smtp.url, SMTP_TIMEOUT_MS: '400', MAIL_RETRY_INTERVAL_SECONDS: '1' },
    });
    try {
      const to = uniqueEmail('hung');
      await suite.app.services.mailer.send(mail(to, 'Hung relay'));
      await waitFor('the hung attempt failed', async () => {
        const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
        return row?.state === 'retry';
      });
      const [row] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
      assert.equal(row!.expireInSeconds, 4, 'the job expires after ten SMTP timeouts');
      // nodemailer's own timeout ended the attempt, not pg-boss's expiry of the job.
      assert.match(row!.output?.message ?? '', /greeting|timeout/i);
      await smtp.set('up');
      await waitFor('the retry delivered it', async () =>
        smtp.received.some((received) => received.to.includes(to)),
      );
      await waitFor('the job completed', async () => {
        const [done] = (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) => job.to === to);
        return done?.state === 'completed';
      });
      const received = smtp.received.filter((message) => message.to.includes(to));
      assert.equal(received.length, 1);
      assert.match(decodedText(received[0]!), /Hello/);
    } finally {
      await suite.close();
      await smtp.set('down');
    }
  });
}
