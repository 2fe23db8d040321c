import type { Job } from 'pg-boss';
import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { PAYMENT_SWEEP_QUEUE } from '../infrastructure/jobs/queues.ts';

interface Logger {
  error(object: object, message: string): void;
}

export interface SweepJob {
  /** `start-up`: asked for by an instance as it starts; `interval`: the periodic chain. */
  reason: 'start-up' | 'interval';
}

const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
const WATCH_POLL_MS = 100;

/**
 * The reconciliation of pending orders as pg-boss jobs, once across all instances: the queue is
 * `stately` (`queues.ts`), so one sweep per key waits and one runs at a time, whoever asks.
 *
 * The periodic sweep is a chain: each `interval` sweep, when it ends (also when it fails),
 * queues the next `PAYMENT_SWEEP_INTERVAL_SECONDS` later; the stately queue drops the request
 * of a second instance while one is waiting. Every start also asks for the next link, which
 * revives a chain whose last job failed for good. Settling is exactly-once on its own (a
 * conditional UPDATE); this keeps instances from asking the provider about every pending order
 * at once.
 */
export class PaymentSweepJobs {
  private readonly jobs: Jobs;
  private readonly sweep: () => Promise<unknown>;
  private readonly intervalSeconds: number;
  private readonly log: Logger;

  constructor(jobs: Jobs, sweep: () => Promise<unknown>, intervalSeconds: number, log: Logger) {
    this.jobs = jobs;
    this.sweep = sweep;
    this.intervalSeconds = intervalSeconds;
    this.log = log;
  }

  readonly run = async (job: Job<SweepJob>): Promise<unknown> => {
    try {
      return await this.sweep();
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'payment sweep failed: retried later');
      throw error;
    } finally {
      if (job.data.reason === 'interval') await this.scheduleNext();
    }
  };

  /** Asks for a sweep now and for the chain; resolves with the start-up job's id, or null. */
  async start(): Promise<string | null> {
    const id = await this.jobs.send<SweepJob>(
      PAYMENT_SWEEP_QUEUE,
      { reason: 'start-up' },
      { singletonKey: 'start-up' },
    );
    await this.scheduleNext();
    return id;
  }

  private async scheduleNext(): Promise<void> {
    if (this.intervalSeconds <= 0) return;
    await this.jobs.boss.send(
      PAYMENT_SWEEP_QUEUE,
      { reason: 'interval' },
      { singletonKey: 'interval', startAfter: this.intervalSeconds },
    );
  }

  /**
   * Resolves once the job `id` has ended (any instance may run it) or `signal` aborts. With a
   * null id another start-up sweep was already waiting: it covers this start.
   */
  async finished(id: string | null, signal: AbortSignal): Promise<string> {
    if (!id) return 'already queued';
    while (!signal.aborted) {
      const [job] = await this.jobs.boss.findJobs<SweepJob>(PAYMENT_SWEEP_QUEUE, { id });
      // Finished jobs are deleted two minutes after their end.
      if (!job) return 'deleted';
      if (FINISHED.has(job.state)) return job.state;
      await new Promise((resolve) => setTimeout(resolve, WATCH_POLL_MS));
    }
    return 'closed';
  }
}
