import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createApiProcess, type ProcessDatabase } from '../../faults/api-process.ts';
import { startFakeSmtp } from '../../faults/fake-smtp.ts';
import { PASSWORD } from '../../scale-out/accounts.ts';
import { HttpClient } from '../../scale-out/http-client.ts';
import { PROCESS_SUITE_TIMEOUT_MS } from '../../scale-out/load.ts';
import { sleep, waitFor } from './job-rows.ts';

const kinds: ProcessDatabase[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

const smtp = await startFakeSmtp();
after(() => smtp.close());

// The hung relay holds the first attempt up to this long; the job expires after ten of them.
const SMTP_TIMEOUT_MS = 1_500;
const EXPIRY_MS = 10 * SMTP_TIMEOUT_MS;

interface MailJobRow {
  state: string;
  retry_count: number;
  started_on: Date | null;
  completed_on: Date | null;
}

for (const kind of kinds) {
  describe(`jobs: a worker killed mid-job [${kind}]`, { timeout: PROCESS_SUITE_TIMEOUT_MS }, () => {
    it('runs the mail job again after its expiry, on the restarted process, and mails once', async () => {
      await smtp.set('hung');
      const api = await createApiProcess({
        kind,
        adminUrl: process.env.TEST_DATABASE_URL,
        env: {
          SMTP_URL: smtp.url,
          SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
          MAIL_RETRY_INTERVAL_SECONDS: '1',
          JOBS_MAINTENANCE_INTERVAL_SECONDS: '1',
        },
      });
      const email = `killed@${api.runId}.test`;
      const mailJob = () =>
        api.query<MailJobRow>(
          `select state::text, retry_count, started_on, completed_on
             from pgboss.job where name = 'mail' and data->>'to' = $1`,
          [email],
        );
      try {
        await api.start();
        const signup = await new HttpClient(api.url).post('/api/auth/signup', {
          name: 'Killed Worker',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        });
        assert.equal(signup.status, 201, signup.text);
        // The worker took the verification mail at once; the relay holds it unanswered.
        await sleep(400);
        if (kind === 'postgres') assert.equal((await mailJob())[0]?.state, 'active');
        assert.deepEqual(await api.stop('SIGKILL'), { code: null, signal: 'SIGKILL' });
        const [killed] = await mailJob();
        assert.equal(killed?.state, 'active', 'the job was running when its worker died');

        await smtp.set('up');
        await api.start();
        await waitFor(
          'the mail arrived',
          async () => smtp.received.some((mail) => mail.to.includes(email)),
          60_000,
        );
        const deliveredAt = Date.now();
        assert.ok(
          deliveredAt >= killed!.started_on!.getTime() + EXPIRY_MS,
          'not retried before the job expired',
        );
        await sleep(1_000); // a second delivery would show by now
        assert.equal(smtp.received.filter((mail) => mail.to.includes(email)).length, 1);
        if (kind === 'pglite') await api.stop('SIGTERM');
        const [done] = await mailJob();
        assert.equal(done?.state, 'completed');
        assert.equal(done?.retry_count, 1);
      } finally {
        await api.close();
        await smtp.set('down');
      }
    });
  });
}
