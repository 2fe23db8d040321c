import type { MailMessage, Mailer } from './mailer.ts';
import type { MailQueue } from './queue.ts';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Sends through the relay and, when it fails, keeps the message in the mail queue for the
 * periodic retry: an SMTP outage delays mail, it does not lose it. `send` only rejects when
 * the message could be neither sent nor queued (the database is down too); callers log that.
 */
export class RetryingMailer implements Mailer {
  private readonly sending = new Set<Promise<void>>();
  private abandon: () => void = () => {};
  private readonly abandoned = new Promise<'abandoned'>((resolve) => {
    this.abandon = () => resolve('abandoned');
  });

  constructor(
    private readonly relay: Mailer,
    private readonly queue: MailQueue,
    private readonly log: Logger,
  ) {}

  send(message: MailMessage): Promise<void> {
    const tracked = this.attempt(message).finally(() => this.sending.delete(tracked));
    this.sending.add(tracked);
    return tracked;
  }

  private async attempt(message: MailMessage): Promise<void> {
    const delivery = this.relay.send(message).then(() => 'sent' as const);
    let outcome: 'sent' | 'abandoned';
    try {
      outcome = await Promise.race([delivery, this.abandoned]);
    } catch (error) {
      this.log.warn(
        { err: error, to: message.to, subject: message.subject },
        'mail not delivered: queued for a retry',
      );
      await this.queue.record(message, error);
      return;
    }
    if (outcome === 'abandoned') {
      delivery.catch(() => {});
      this.log.warn(
        { to: message.to, subject: message.subject },
        'mail still being sent at shutdown: queued for a retry',
      );
      await this.queue.record(message, 'interrupted by shutdown');
    }
  }

  /**
   * Lets sends in progress finish for up to `graceMs` (shutdown has a deadline), queues the
   * rest, then closes the relay. A relay that took a message just as it was queued sends it
   * twice; one that hangs no longer holds up the exit.
   */
  // 1.5 s: after the 7 s connection drain, the shutdown still ends before server.ts forces it.
  async close(graceMs = 1_500): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.sending]), grace]);
    clearTimeout(timer);
    this.abandon();
    await Promise.allSettled([...this.sending]);
    await this.relay.close?.();
  }
}
