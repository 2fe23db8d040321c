import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';
import { PaymentSweepJobs } from '../checkout/payment-sweep.ts';
import {
  FILE_UPDATE_QUEUE,
  fileUpdateQueue,
  MAIL_QUEUE,
  mailRetryPolicy,
  PAYMENT_SWEEP_QUEUE,
  paymentSweepQueue,
  RATING_PRIOR_QUEUE,
  ratingPriorQueue,
  SALE_END_QUEUE,
  saleEndQueue,
} from '../infrastructure/jobs/queues.ts';
import { MailDeliveries } from '../infrastructure/mail/deliveries.ts';
import {
  LICENSE_SWEEP_QUEUE,
  LicenseSweepJobs,
  licenseSweepQueue,
} from '../licenses/license-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The start-up reconciliation of pending orders, asked for once the app is ready: resolves
     * when its job has ended, run by whichever instance took it (tests await it).
     */
    paymentSweep: Promise<unknown> | null;
    /** The start-up run of the rating prior: resolves when its job has ended (tests await it). */
    ratingPrior: Promise<unknown> | null;
    /** The start-up run of the sale end: resolves when its job has ended (tests await it). */
    saleEnd: Promise<unknown> | null;
    /** The start-up run of the license sweep: resolves when its job has ended. */
    licenseSweep: Promise<unknown> | null;
  }
}

// Mail sends one message at a time per worker; two keep a slow relay from holding up the rest.
const MAIL_WORKERS = 2;
// Longer than pg-boss keeps a job waiting (two weeks), so any re-run still finds its key.
const DELIVERY_KEYS_DAYS = 30;
// 1.5 s: after the 7 s connection drain, the shutdown still ends before server.ts forces it.
const CLOSE_GRACE_MS = 1_500;

/**
 * Starts the background jobs (`infrastructure/jobs/`; the mail, payment sweep, file update,
 * rating prior, sale end and license sweep queues) once the app is ready (an app that fails to build leaves no worker
 * behind): pg-boss's schema and the queues, this instance's workers, then the start-up payment
 * sweep and rating prior (in the background: a slow provider must not hold up the start). The
 * close lets running jobs finish within the shutdown's deadline.
 */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  const { jobs, mailer, ratingPrior, saleEnd } = app.services;
  const sweeps = new PaymentSweepJobs(
    jobs,
    () => app.services.payments.sweep(),
    config.payments.sweepIntervalSeconds,
    app.log,
  );
  const licenseSweep = new LicenseSweepJobs({
    jobs,
    licenses: app.services.licenses,
    intervalSeconds: config.licenses.sweepIntervalSeconds,
    log: app.log,
  });
  const closing = new AbortController();
  app.decorate('paymentSweep', null);
  app.decorate('ratingPrior', null);
  app.decorate('saleEnd', null);
  app.decorate('licenseSweep', null);
  app.addHook('onReady', async () => {
    await jobs.start([
      mailRetryPolicy(config),
      paymentSweepQueue,
      fileUpdateQueue,
      ratingPriorQueue,
      saleEndQueue,
      licenseSweepQueue,
    ]);
    await jobs.work(MAIL_QUEUE, MAIL_WORKERS, mailer.deliver);
    await jobs.work(PAYMENT_SWEEP_QUEUE, 1, sweeps.run);
    // One fan-out at a time per instance: its batches are what the mail workers then send.
    await jobs.work(FILE_UPDATE_QUEUE, 1, app.services.fileUpdates.run);
    await jobs.work(RATING_PRIOR_QUEUE, 1, ratingPrior.run);
    await jobs.work(SALE_END_QUEUE, 1, saleEnd.run);
    await jobs.work(LICENSE_SWEEP_QUEUE, 1, licenseSweep.run);
    await new MailDeliveries(app.db).prune(DELIVERY_KEYS_DAYS);
    app.paymentSweep = sweeps
      .start()
      .then((id) => sweeps.finished(id, closing.signal))
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'asking for the payment sweep failed'),
      );
    app.ratingPrior = ratingPrior
      .start()
      .then((id) => ratingPrior.finished(id, closing.signal))
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'asking for the rating prior failed'),
      );
    app.saleEnd = saleEnd
      .start()
      .then((id) => saleEnd.finished(id, closing.signal))
      .catch((error: unknown) => app.log.error({ err: error }, 'asking for the sale end failed'));
    app.licenseSweep = licenseSweep
      .start()
      .then((id) => licenseSweep.finished(id, closing.signal))
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'asking for the license sweep failed'),
      );
  });
  app.addHook('onClose', async () => {
    closing.abort();
    await app.paymentSweep;
    await app.ratingPrior;
    await app.saleEnd;
    await app.licenseSweep;
    await app.services.backgroundMail.drain();
    await jobs.stop(CLOSE_GRACE_MS);
  });
});
