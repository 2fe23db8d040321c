import { randomUUID } from 'node:crypto';
import type { Job, JobInsert } from 'pg-boss';
import type { MailDeliveries } from './deliveries.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import type { Jobs } from '../jobs/boss.ts';
import { MAIL_QUEUE, mailRetryLimit } from '../jobs/queues.ts';
import { nameUuid } from '../../lib/uuid.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailJob extends MailMessage {
  /** Idempotency key: a run of the job that finds it in `mail_deliveries` sends nothing. */
  key: string;
  /** When the mail was first handed over (ISO); the give-up time counts from it. */
  sentAt: string;
}

export interface MailJobsOptions {
  giveUpAfterSeconds: number;
  /** The first retry's delay (`mailRetryDelay`). */
  retryDelaySeconds: number;
}

const SETTLE_POLL_MS = 25;

function mailJob(message: MailMessage, origin: { key: string; sentAt: Date }): MailJob {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.headers && { headers: message.headers }),
    key: origin.key,
    sentAt: origin.sentAt.toISOString(),
  };
}

/**
 * Mail as pg-boss jobs. `send` only queues (an insert, fast: a request never waits for the
 * relay) and wakes this process's mail workers; `deliver` is the worker's handler. What the
 * relay refuses, or does not take within its timeouts, fails the attempt and pg-boss retries
 * it with a growing delay (`queues.ts`); after the give-up time nothing is sent any more.
 *
 * Delivery is at least once: a worker killed between the relay's acceptance and recording
 * the key sends the mail again; every other re-run (a hung attempt that expired, a job run
 * twice) finds the key and sends nothing.
 */
export class MailJobs implements Mailer {
  private readonly jobs: Jobs;
  private readonly relay: Mailer;
  private readonly deliveries: MailDeliveries;
  private readonly log: Logger;
  private readonly options: MailJobsOptions;

  constructor(
    jobs: Jobs,
    relay: Mailer,
    deliveries: MailDeliveries,
    log: Logger,
    options: MailJobsOptions,
  ) {
    this.jobs = jobs;
    this.relay = relay;
    this.deliveries = deliveries;
    this.log = log;
    this.options = options;
  }

  async send(message: MailMessage): Promise<void> {
    await this.enqueue(message, { key: randomUUID(), sentAt: new Date() });
  }

  /**
   * `id` makes the insert happen once (a second one with the same id is ignored). The retries
   * fit the give-up time left since `sentAt`.
   */
  async enqueue(
    message: MailMessage,
    origin: { key: string; sentAt: Date; id?: string },
  ): Promise<string | null> {
    return this.jobs.send(MAIL_QUEUE, mailJob(message, origin), {
      retryLimit: this.retryLimit(origin.sentAt),
      ...(origin.id ? { id: origin.id } : {}),
    });
  }

  /**
   * Mail jobs for `Jobs.insert` into `MAIL_QUEUE` (many in one statement, inside the caller's
   * transaction). Each job's id derives from its key, so inserting the same mail again while its
   * job is still kept is skipped; once the job is gone, its delivered key still keeps the mail
   * from going twice.
   */
  jobsFor(mails: Array<{ message: MailMessage; key: string }>, sentAt: Date): JobInsert[] {
    const retryLimit = this.retryLimit(sentAt);
    return mails.map(({ message, key }) => ({
      id: nameUuid(`mail:${key}`),
      data: mailJob(message, { key, sentAt }),
      retryLimit,
    }));
  }

  /** Wakes this process's mail workers (after the transaction that queued mail committed). */
  wake(): void {
    this.jobs.wake(MAIL_QUEUE);
  }

  /** As many retries as fit in the give-up time left since `sentAt`. */
  private retryLimit(sentAt: Date): number {
    const { giveUpAfterSeconds, retryDelaySeconds } = this.options;
    const secondsLeft = giveUpAfterSeconds - (Date.now() - sentAt.getTime()) / 1000;
    return mailRetryLimit(secondsLeft, retryDelaySeconds);
  }

  readonly deliver = async (job: Job<MailJob>): Promise<void> => {
    const { key, sentAt, ...message } = job.data;
    const context = { jobId: job.id, to: message.to, subject: message.subject };
    if (await this.deliveries.delivered(key)) {
      this.log.info(context, 'mail already delivered by an earlier run of its job');
      return;
    }
    if (Date.now() - Date.parse(sentAt) > this.options.giveUpAfterSeconds * 1000) {
      // Links in account mail are valid a day at most; an order confirmation this late is still
      // worth sending, but a relay down this long needs a person (docs/api/jobs.md).
      this.log.error(context, 'mail given up: not delivered within MAIL_GIVE_UP_AFTER_SECONDS');
      throw new Error(`given up: not delivered within ${this.options.giveUpAfterSeconds} s`);
    }
    try {
      await this.relay.send(message);
    } catch (error) {
      this.log.warn({ ...context, err: error }, 'mail not delivered: its job is retried later');
      throw error;
    }
    await this.deliveries.record(key);
  };

  /**
   * Waits until no mail job is waiting for its first attempt or running, for up to `timeoutMs`
   * (the dev outbox listing: mail handed over by any instance shows; a relay that fails leaves
   * it waiting for a retry, which is not waited for). Resolves with whether it got there.
   */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.jobs.count(MAIL_QUEUE, ['created', 'active'])) === 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  probe(): Promise<void> {
    return this.relay.probe?.() ?? Promise.resolve();
  }
}
