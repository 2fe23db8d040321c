import type { Job } from 'pg-boss';
import type { Jobs } from './boss.ts';

export interface PeriodicJobData {
  /** `start-up`: asked for by an instance as it starts; `interval`: the periodic chain. */
  reason: 'start-up' | 'interval';
}

interface Logger {
  error(object: object, message: string): void;
}

export interface PeriodicJobOptions {
  jobs: Jobs;
  /** A `stately` queue (`queues.ts`): one job per key waits and one runs at a time. */
  queue: string;
  /** Said in the log when a run fails. */
  name: string;
  /** Between two runs of the chain; 0 or less runs only at start-up. */
  intervalSeconds: number;
  task: (job: Job<PeriodicJobData>) => Promise<unknown>;
  log: Logger;
}

/**
 * A task run as pg-boss jobs once across all instances, at every start and as a chain: each
 * `interval` run, when it ends (also when it fails), queues the next `intervalSeconds` later;
 * the stately queue drops a second instance's request while one is waiting. Every start also
 * asks for the next link, which revives a chain whose last job failed for good.
 */
export class PeriodicJob {
  private readonly options: PeriodicJobOptions;

  constructor(options: PeriodicJobOptions) {
    this.options = options;
  }

  readonly run = async (job: Job<PeriodicJobData>): Promise<unknown> => {
    try {
      return await this.options.task(job);
    } catch (error) {
      this.options.log.error(
        { err: error, jobId: job.id },
        `${this.options.name} failed: retried later`,
      );
      throw error;
    } finally {
      if (job.data.reason === 'interval') await this.scheduleNext();
    }
  };

  /** Asks for a run now and for the chain; resolves with the start-up job's id, or null. */
  async start(): Promise<string | null> {
    const id = await this.options.jobs.send<PeriodicJobData>(
      this.options.queue,
      { reason: 'start-up' },
      { singletonKey: 'start-up' },
    );
    await this.scheduleNext();
    return id;
  }

  /**
   * Resolves once the start-up job `id` has ended (any instance may run it) or `signal` aborts.
   * With a null id another start-up run was already waiting: it covers this start.
   */
  async finished(id: string | null, signal: AbortSignal): Promise<string> {
    if (!id) return 'already queued';
    return this.options.jobs.ended(this.options.queue, id, signal);
  }

  private async scheduleNext(): Promise<void> {
    const { jobs, queue, intervalSeconds } = this.options;
    if (intervalSeconds <= 0) return;
    await jobs.boss.send(
      queue,
      { reason: 'interval' },
      { singletonKey: 'interval', startAfter: intervalSeconds },
    );
  }
}
