import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailQueue } from '../../db/schema.ts';
import type { MailJobs } from './mail-jobs.ts';

interface Logger {
  info(object: object, message: string): void;
}

/**
 * Mail still waiting in the old `mail_queue` (a deployment from before pg-boss) becomes mail
 * jobs, then leaves the table. The job takes the row's id, so instances starting together,
 * or a start that stopped between the send and the delete, queue each message once; the
 * give-up time still counts from when the message was first queued.
 */
export async function importMailQueue(db: Db, mail: MailJobs, log: Logger): Promise<number> {
  const rows = await db.select().from(mailQueue).where(isNull(mailQueue.givenUpAt));
  for (const row of rows) {
    await mail.enqueue(
      { to: row.recipient, subject: row.subject, text: row.body },
      { key: `mail-queue:${row.id}`, sentAt: row.createdAt, id: row.id },
    );
    await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
  }
  if (rows.length) log.info({ count: rows.length }, 'mail waiting in mail_queue moved to jobs');
  return rows.length;
}
