import type { Queue } from 'pg-boss';
import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { PeriodicJob } from '../infrastructure/jobs/periodic-job.ts';
import type { LicenseService } from './licenses.ts';

/** Idle activations released and forgotten keys sealed (`LicenseSweepJobs`). */
export const LICENSE_SWEEP_QUEUE = 'license-sweep';

/** Like the sale end's: one run per key waits and one runs at a time across instances. */
export const licenseSweepQueue: Queue = {
  name: LICENSE_SWEEP_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // One indexed delete and a few small batches.
  expireInSeconds: 10 * 60,
};

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The licenses' housekeeping as a periodic job (`infrastructure/jobs/periodic-job.ts`), at
 * every start and every `LICENSE_SWEEP_INTERVAL_SECONDS`: activations that have not checked in
 * for `LICENSE_IDLE_DAYS` are deleted (the dead laptop frees its seat without a mail to the
 * seller), and keys a crash left unsealed between their order's completion and the sealing
 * get their values.
 */
export class LicenseSweepJobs extends PeriodicJob {
  constructor(deps: {
    jobs: Jobs;
    licenses: Pick<LicenseService, 'sweep'>;
    intervalSeconds: number;
    log: Logger;
  }) {
    const { jobs, licenses, intervalSeconds, log } = deps;
    super({
      jobs,
      queue: LICENSE_SWEEP_QUEUE,
      name: 'license sweep',
      intervalSeconds,
      log,
      task: async (job) => {
        const swept = await licenses.sweep();
        if (swept.released > 0 || swept.sealed > 0) {
          log.info({ jobId: job.id, ...swept }, 'licenses swept');
        }
        return swept;
      },
    });
  }
}
