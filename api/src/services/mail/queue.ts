import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailQueue } from '../../db/schema.ts';
import type { MailMessage, Mailer } from './mailer.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailQueueOptions {
  /** Wait before the first retry; it doubles with every failed attempt, up to an hour. */
  retryAfterSeconds: number;
}

// A claimed message is hidden from other rounds (and instances) this long: longer than any
// send can take with the SMTP timeouts. A process that dies while sending leaves it due again.
const CLAIM_SECONDS = 5 * 60;
const MAX_WAIT_SECONDS = 60 * 60;
// Links in account mail are valid a day at most; an order confirmation this late is still
// worth sending, but a relay down for longer than this needs a person.
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 20;

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Mail the relay did not accept, in the database until a retry delivers it (at least once: a
 * crash between the relay's acceptance and the row's deletion sends it again).
 */
export class MailQueue {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: MailQueueOptions,
  ) {}

  private waitAfter(attempts: number): number {
    const base = Math.max(this.options.retryAfterSeconds, 1);
    return Math.min(base * 2 ** Math.max(attempts - 1, 0), MAX_WAIT_SECONDS);
  }

  private inSeconds(seconds: number) {
    return sql`now() + make_interval(secs => ${seconds})`;
  }

  /** Keeps a message whose first attempt failed. */
  async record(message: MailMessage, error: unknown): Promise<void> {
    await this.db.insert(mailQueue).values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      attempts: 1,
      nextAttemptAt: this.inSeconds(this.waitAfter(1)),
      lastError: reason(error),
    });
  }

  /**
   * Sends every message that is due through `mailer`. A failure ends the round (the relay is
   * most likely down for the rest too); the messages not tried yet stay due without counting an
   * attempt. Resolves with what happened.
   */
  async deliverDue(mailer: Mailer): Promise<{ delivered: number; failed: number }> {
    const result = { delivered: 0, failed: 0 };
    for (;;) {
      const claimed = await this.claim();
      if (!claimed.length) break;
      let relayDown = false;
      for (const row of claimed) {
        if (relayDown) {
          await this.db
            .update(mailQueue)
            .set({ nextAttemptAt: this.inSeconds(this.waitAfter(row.attempts)) })
            .where(eq(mailQueue.id, row.id));
          continue;
        }
        if (Date.now() - row.createdAt.getTime() > GIVE_UP_AFTER_MS) {
          await this.giveUp(row.id, row.recipient, row.subject, row.lastError);
          result.failed += 1;
          continue;
        }
        try {
          await mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
        } catch (error) {
          relayDown = true;
          result.failed += 1;
          const attempts = row.attempts + 1;
          await this.db
            .update(mailQueue)
            .set({
              attempts,
              nextAttemptAt: this.inSeconds(this.waitAfter(attempts)),
              lastError: reason(error),
            })
            .where(eq(mailQueue.id, row.id));
          this.log.warn({ err: error, mailId: row.id, attempts }, 'mail retry failed');
          continue;
        }
        await this.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        result.delivered += 1;
      }
      if (relayDown || claimed.length < BATCH) break;
    }
    if (result.delivered || result.failed) this.log.info(result, 'queued mail retried');
    return result;
  }

  /** Due messages, taken out of every other round's reach for `CLAIM_SECONDS`. */
  private claim() {
    const due = this.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(isNull(mailQueue.givenUpAt), lte(mailQueue.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailQueue)
      .set({ nextAttemptAt: this.inSeconds(CLAIM_SECONDS) })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  private async giveUp(id: string, to: string, subject: string, lastError: string | null) {
    await this.db
      .update(mailQueue)
      .set({ givenUpAt: sql`now()` })
      .where(eq(mailQueue.id, id));
    this.log.error(
      { mailId: id, to, subject, lastError },
      'mail given up after a day of failed retries (kept in mail_queue)',
    );
  }
}
