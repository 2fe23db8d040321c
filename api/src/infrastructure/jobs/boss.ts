import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { jobsDatabase, type JobsDb } from './sql-adapter.ts';

interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobsOptions {
  /** How often pg-boss fails jobs past their expiry (a vanished worker's) and archives. */
  maintenanceIntervalSeconds: number;
}

/** pg-boss's own schema in the app's database (created and migrated by pg-boss). */
export const JOBS_SCHEMA = 'pgboss';

export type JobState = PgBoss.JobWithMetadata['state'];

/**
 * `signal` aborts when the close runs out of grace: a handler that works in steps (a batch at a
 * time) stops between two of them instead of running on behind a closing database.
 */
export type JobHandler<T> = (job: PgBoss.Job<T>, signal: AbortSignal) => Promise<unknown>;

// A minute after they end, finished jobs move to pg-boss's archive and a minute later they are
// deleted: a mail job holds the message, links included, which are credentials. Failed jobs
// stay in `pgboss.job` a week, to be seen and re-run.
const ARCHIVE_COMPLETED_SECONDS = 60;
const ARCHIVE_FAILED_SECONDS = 7 * 24 * 60 * 60;
const DELETE_ARCHIVED_SECONDS = 60;
// The end of the close's grace comes this long before pg-boss stops waiting for its workers,
// so an abandoned job is failed (due again) by its own worker, not by the stop.
const ABANDON_AHEAD_MS = 300;
// Arbitrary constant shared by every api instance (the migrations use 741_852_963).
const START_LOCK_KEY = 741_852_965;

/**
 * The api's pg-boss: one instance per app over the app's database (PGlite or PostgreSQL, see
 * `sql-adapter.ts`), its schema `pgboss` created and migrated by pg-boss itself on start. Every
 * instance of the api works every queue; pg-boss's `FOR UPDATE SKIP LOCKED` fetch gives each
 * job to one worker at a time.
 */
export class Jobs {
  readonly boss: PgBoss;
  private readonly db: JobsDb;
  private readonly workers = new Map<string, string[]>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly database: Pick<Database, 'driver' | 'withAdvisoryLock'>,
    options: JobsOptions,
    private readonly log: Logger,
  ) {
    this.db = jobsDatabase(database.driver);
    this.boss = new PgBoss({
      db: this.db,
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      // No cron schedules: the sweep queues its own next run (`payment-sweep.ts`).
      schedule: false,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
      deleteAfterSeconds: DELETE_ARCHIVED_SECONDS,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  /**
   * Installs or migrates pg-boss's schema and makes the queues, with today's settings. One
   * instance at a time: two creating the same queue at once deadlock in pg-boss 10.
   */
  async start(queues: PgBoss.Queue[]): Promise<void> {
    await this.database.withAdvisoryLock(START_LOCK_KEY, async () => {
      await this.boss.start();
      for (const queue of queues) {
        await this.boss.createQueue(queue.name, queue);
        // createQueue leaves an existing queue as it was; a changed setting applies from now on.
        await this.boss.updateQueue(queue.name, queue);
      }
    });
  }

  /**
   * `count` workers on `queue` in this process, each one job at a time. A worker that ran a job
   * fetches again at once (pg-boss would wait for its next poll): a burst of mail drains at the
   * speed of the relay, and an idle worker polls.
   */
  async work<T>(queue: string, count: number, handler: JobHandler<T>): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      // Known once `work` resolves; a job fetched before that is not followed at once.
      const worker = { id: '' };
      worker.id = await this.boss.work<T>(queue, async ([job]) => {
        if (!job) return null;
        try {
          return await this.run(job, handler);
        } finally {
          if (worker.id) this.boss.notifyWorker(worker.id);
        }
      });
      ids.push(worker.id);
    }
    this.workers.set(queue, [...(this.workers.get(queue) ?? []), ...ids]);
  }

  /**
   * Runs a handler until it ends or the close runs out of grace. An abandoned job is failed
   * (due again after its retry delay, on any instance) while the handler goes on unwatched: a
   * mail the relay takes after that is sent twice, which beats holding the shutdown past its
   * deadline.
   */
  private async run<T>(job: PgBoss.Job<T>, handler: JobHandler<T>): Promise<unknown> {
    const signal = this.stopping.signal;
    if (signal.aborted) throw new Error('interrupted by shutdown');
    const running = handler(job, signal);
    let stop = () => {};
    const abandoned = new Promise<'abandoned'>((resolve) => {
      stop = () => resolve('abandoned');
      signal.addEventListener('abort', stop, { once: true });
    });
    try {
      const outcome = await Promise.race([running.then((value) => ({ value })), abandoned]);
      if (outcome !== 'abandoned') return outcome.value;
      running.catch(() => {});
      this.log.warn({ queue: job.name, jobId: job.id }, 'job still running at shutdown: due again');
      throw new Error('interrupted by shutdown');
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  /** Queues a job and wakes this process's workers of the queue instead of their next poll. */
  async send<T extends object>(
    queue: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(queue, data, options);
    if (id) this.wake(queue);
    return id;
  }

  /**
   * Inserts jobs in one statement through `db` (`statementsIn(tx)`: a transaction, so they
   * exist only if it commits). Workers are not woken: call `wake` once the transaction has
   * committed, or they find the jobs at their next poll. A job whose id exists is skipped.
   */
  async insert(jobs: PgBoss.JobInsert[], db: PgBoss.Db): Promise<void> {
    if (jobs.length) await this.boss.insert(jobs, { db });
  }

  /**
   * How many jobs of `queue` are in one of `states`, counted in one statement over pg-boss's
   * job table (its documented direct database interaction): `getQueueSize` counts states
   * below one, and two of those taken one after the other miss a job changing state between.
   */
  async count(queue: string, states: JobState[]): Promise<number> {
    const { rows } = await this.db.executeSql(
      `select count(*)::int as count from ${JOBS_SCHEMA}.job where name = $1 and state::text = any($2)`,
      [queue, states],
    );
    return (rows as { count: number }[])[0]?.count ?? 0;
  }

  wake(queue: string): void {
    for (const id of this.workers.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Stops fetching, lets running jobs finish for up to `graceMs`, then abandons them (their
   * jobs are failed and retried later, by any instance), and waits for pg-boss's last
   * statements so the database can close behind it. A job fetched while the stop began is
   * failed at once.
   */
  async stop(graceMs: number): Promise<void> {
    const abandon = setTimeout(
      () => this.stopping.abort(new Error('interrupted by shutdown')),
      Math.max(graceMs - ABANDON_AHEAD_MS, 0),
    );
    try {
      await this.boss.stop({ graceful: true, timeout: graceMs, wait: true });
    } finally {
      clearTimeout(abandon);
      this.stopping.abort(new Error('interrupted by shutdown'));
      await this.db.settled();
    }
  }
}
