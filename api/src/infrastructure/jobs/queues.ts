import type { Queue } from 'pg-boss';
import type { AppConfig } from '../../config.ts';

/** Every mail the api sends, one job per message (`infrastructure/mail/mail-jobs.ts`). */
export const MAIL_QUEUE = 'mail';
/** Reconciling pending orders with the payment provider (`checkout/payment-sweep.ts`). */
export const PAYMENT_SWEEP_QUEUE = 'payment-sweep';
/**
 * A product's new file reaching its buyers: one job per file version, which gives each buyer
 * one more download and queues their update mails, a batch at a time
 * (`catalog/file-update-jobs.ts`).
 */
export const FILE_UPDATE_QUEUE = 'file-update';
/**
 * The store's mean rating, the prior of every product's `rating` score, and the scores that
 * move with it (`reviews/rating-prior.ts`).
 */
export const RATING_PRIOR_QUEUE = 'rating-prior';
/** Sales whose end has come: their regular price put back (`catalog/sale-end.ts`). */
export const SALE_END_QUEUE = 'sale-end';

/**
 * nodemailer gives the connection, the greeting and every later reply `SMTP_TIMEOUT_MS` each;
 * a message takes about eight of those waits (greeting, EHLO, AUTH, MAIL, RCPT, DATA, the
 * body). A job expires after ten: pg-boss only gives up on an attempt (and lets a retry start)
 * once the relay has had to time out, so a hung attempt never runs beside its own retry.
 */
const SMTP_WAITS_PER_JOB = 10;
// pg-boss refuses an expiry over a day.
const MAX_EXPIRY_SECONDS = 24 * 60 * 60 - 1;

/** The first retry's delay (pg-boss needs at least a second with backoff). */
export function mailRetryDelay(config: AppConfig): number {
  return Math.max(config.mailRetryIntervalSeconds, 1);
}

/**
 * pg-boss waits `retryDelay × 2^n` before retry n (each stretched by up to 2× at random), with
 * no upper bound: enough retries that even the shortest waits add up to the time left, so a
 * job never ends failed before the give-up time. The attempts after it send nothing (the
 * worker checks the mail's age), and the job ends failed at the last of them. Nothing left:
 * no retry, the first attempt fails it.
 */
export function mailRetryLimit(secondsLeft: number, retryDelay: number): number {
  if (secondsLeft <= 0) return 0;
  return Math.max(Math.ceil(Math.log2(secondsLeft / retryDelay + 1)), 1);
}

export function mailRetryPolicy(config: AppConfig): Queue {
  const retryDelay = mailRetryDelay(config);
  return {
    name: MAIL_QUEUE,
    policy: 'standard',
    retryLimit: mailRetryLimit(config.mailGiveUpAfterSeconds, retryDelay),
    retryDelay,
    retryBackoff: true,
    expireInSeconds: Math.min(
      Math.ceil((config.smtpTimeoutMs * SMTP_WAITS_PER_JOB) / 1000),
      MAX_EXPIRY_SECONDS,
    ),
  };
}

/**
 * `stately`: at most one waiting and one running sweep per key across all instances. Key
 * `interval` is the periodic chain (each sweep queues the next); key `start-up` the sweep an
 * instance asks for when it starts (several instances starting at once share one).
 */
export const paymentSweepQueue: Queue = {
  name: PAYMENT_SWEEP_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // Longer than a sweep over a slow provider; a vanished worker's sweep runs again after it.
  expireInSeconds: 10 * 60,
};

/**
 * A fan-out keeps its progress in its own job row, batch by batch in the same transaction as
 * the batch, so any run of it (a retry after a failure, a second run after its worker
 * vanished) goes on from the last committed batch. The expiry is far beyond a fan-out's time
 * (10,000 buyers take seconds) and is only the wait before a vanished worker's job runs again;
 * a run that outlives it still does no batch twice (each batch locks the job row). Retries
 * start after 30 s and double, about eight hours in all, then a person looks at the failed job.
 */
export const fileUpdateQueue: Queue = {
  name: FILE_UPDATE_QUEUE,
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
};

/**
 * Like the payment sweep's: `stately`, so one run per key waits and one runs at a time across
 * all instances; key `interval` is the periodic chain, key `start-up` an instance's start.
 */
export const ratingPriorQueue: Queue = {
  name: RATING_PRIOR_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // One set-based statement: minutes even over a very large catalog.
  expireInSeconds: 10 * 60,
};

/** Like the rating prior's: one run per key waits and one runs at a time across instances. */
export const saleEndQueue: Queue = {
  name: SALE_END_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // One statement over the sales that have ended.
  expireInSeconds: 10 * 60,
};
