import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { JOBS_SCHEMA } from '../../../src/infrastructure/jobs/boss.ts';
import type { MailMessage, Mailer } from '../../../src/infrastructure/mail/mailer.ts';

export interface JobRow {
  id: string;
  key: string | null;
  to: string | null;
  subject: string | null;
  state: string;
  retryCount: number;
  expireInSeconds: number;
  /** How long after it ends the row is deleted. */
  deleteAfterSeconds: number;
  output: { message?: string } | null;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** When a job still waiting is deleted. */
  keepUntil: Date;
  singletonKey: string | null;
}

/** The jobs of a queue as pg-boss keeps them (`pgboss.job`), oldest first. */
export async function jobRows(db: Db, queue: string): Promise<JobRow[]> {
  const result = await db.execute(sql`
    select id::text, data->>'key' as key, data->>'to' as to, data->>'subject' as subject,
           state::text, retry_count as "retryCount",
           expire_seconds as "expireInSeconds", deletion_seconds as "deleteAfterSeconds", output,
           created_on as "createdOn", started_on as "startedOn", completed_on as "completedOn",
           keep_until as "keepUntil", singleton_key as "singletonKey"
      from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} order by created_on, id`);
  return (result as unknown as { rows: JobRow[] }).rows.map((row) => ({
    ...row,
    createdOn: new Date(row.createdOn),
    startedOn: row.startedOn && new Date(row.startedOn),
    completedOn: row.completedOn && new Date(row.completedOn),
    keepUntil: new Date(row.keepUntil),
  }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** A relay in memory: records each attempt, and fails or stalls while told to. */
export class ScriptedRelay implements Mailer {
  readonly attempts: { at: number; message: MailMessage }[] = [];
  readonly delivered: MailMessage[] = [];
  /** How many of the next attempts fail. */
  failNext = 0;
  failAll = false;
  /** While set, each attempt waits for it: the test decides when the relay answers. */
  hold: Promise<void> | null = null;

  async send(message: MailMessage): Promise<void> {
    this.attempts.push({ at: Date.now(), message });
    if (this.hold) await this.hold;
    if (this.failAll || this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('relay refused the message');
    }
    this.delivered.push(message);
  }
}
