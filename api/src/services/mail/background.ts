import type { MailMessage, Mailer } from './mailer.ts';

interface Logger {
  error(object: object, message: string): void;
}

/**
 * Mail that goes out after the answer: a slow relay (or, in development, the outbox folder)
 * never holds up the request whose committed change it reports. The mailer queues what the
 * relay refuses (`RetryingMailer`), so only a message that could not even be queued is lost,
 * and logged. `drain` waits for everything handed over so far: the app's close calls it, and
 * the dev outbox before it lists.
 */
export class BackgroundMailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  /** `context` is logged with a failure (e.g. the order id). */
  post(message: MailMessage, context: object, failure: string): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ ...context, err: error }, failure))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
