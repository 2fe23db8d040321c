import type { MailMessage, Mailer } from './mailer.ts';

interface Logger {
  error(object: object, message: string): void;
}

/**
 * Mail reporting a change already committed (order confirmations): the message becomes a job
 * (an insert; a worker delivers it after the answer), and a failure to queue it (the database
 * is down too) is logged instead of failing the change it reports. Callers await `post` so
 * the job exists once the answer has gone (any instance's dev outbox then waits for it); `drain`
 * waits for the inserts handed over so far (the app's close, before the job queue stops).
 */
export class BackgroundMailer {
  private readonly pending = new Set<Promise<void>>();

  private readonly mailer: Mailer;
  private readonly log: Logger;

  constructor(mailer: Mailer, log: Logger) {
    this.mailer = mailer;
    this.log = log;
  }

  /** Never rejects; `context` is logged with a failure (e.g. the order id). */
  post(message: MailMessage, context: object, failure: string): Promise<void> {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ ...context, err: error }, failure))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
    return sending;
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
