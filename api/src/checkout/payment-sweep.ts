import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { PeriodicJob } from '../infrastructure/jobs/periodic-job.ts';
import { PAYMENT_SWEEP_QUEUE } from '../infrastructure/jobs/queues.ts';

interface Logger {
  error(object: object, message: string): void;
}

/**
 * The reconciliation of pending orders as a periodic job (`infrastructure/jobs/periodic-job.ts`),
 * every `PAYMENT_SWEEP_INTERVAL_SECONDS` and at every start. Settling is exactly-once on its own
 * (a conditional UPDATE); the stately queue keeps instances from asking the provider about every
 * pending order at once.
 */
export class PaymentSweepJobs extends PeriodicJob {
  constructor(jobs: Jobs, sweep: () => Promise<unknown>, intervalSeconds: number, log: Logger) {
    super({
      jobs,
      queue: PAYMENT_SWEEP_QUEUE,
      name: 'payment sweep',
      intervalSeconds,
      task: () => sweep(),
      log,
    });
  }
}
