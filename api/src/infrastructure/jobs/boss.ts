import {
  PgBoss,
  type Db as PgBossDb,
  type Job,
  type JobInsert,
  type JobWithMetadata,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { jobsDatabase, type JobsDb } from './sql-adapter.ts';
import { carryOverV10Jobs, setAsideV10Schema } from './v10-schema.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobsOptions {
  /** How often pg-boss fails jobs past their expiry (a vanished worker's) and deletes old ones. */
  maintenanceIntervalSeconds: number;
}

/** pg-boss's own schema in the app's database (created and migrated by pg-boss). */
export const JOBS_SCHEMA = 'pgboss';
/**
 * pg-boss's dead letter queue for every queue: a copy of each job that failed for good, kept a
 * week to be seen and re-run (`redrive`). Nothing works it.
 */
export const FAILED_JOBS_QUEUE = 'failed-jobs';

export type JobState = JobWithMetadata['state'];

/**
 * `signal` aborts when the close runs out of grace, or when pg-boss gave up on the job (its
 * expiry): a handler that works in steps (a batch at a time) stops between two of them instead
 * of running on behind a closing database or beside the job's retry.
 */
export type JobHandler<T> = (job: Job<T>, signal: AbortSignal) => Promise<unknown>;

// Jobs are deleted two minutes after they end: a mail job holds the message, links included,
// which are credentials. pg-boss deletes failed jobs on the same clock, so a job that failed for
// good is kept a week as its dead letter copy instead, to be seen and re-run.
const DELETE_FINISHED_SECONDS = 120;
const KEEP_FAILED_SECONDS = 7 * 24 * 60 * 60;
const failedJobsQueue: Queue = { name: FAILED_JOBS_QUEUE, retentionSeconds: KEEP_FAILED_SECONDS };
// The end of the close's grace comes this long before pg-boss stops waiting for its workers,
// so an abandoned job is failed (due again) by its own worker, not by the stop.
const ABANDON_AHEAD_MS = 300;
// Arbitrary constant shared by every api instance (the migrations use 741_852_963).
const START_LOCK_KEY = 741_852_965;
const ENDED_STATES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
const ENDED_POLL_MS = 100;

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

  private readonly database: Pick<Database, 'db' | 'driver' | 'withAdvisoryLock'>;
  private readonly log: Logger;

  constructor(
    database: Pick<Database, 'db' | 'driver' | 'withAdvisoryLock'>,
    options: JobsOptions,
    log: Logger,
  ) {
    this.database = database;
    this.log = log;
    this.db = jobsDatabase(database.driver);
    this.boss = new PgBoss({
      db: this.db,
      backend: database.driver.kind,
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: true,
      // pg-boss expires jobs on the monitor's interval and deletes them on the maintenance's,
      // both looked at by the supervise pass: all three follow the one setting, so a vanished
      // worker's job is due again within it.
      superviseIntervalSeconds: options.maintenanceIntervalSeconds,
      monitorIntervalSeconds: options.maintenanceIntervalSeconds,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      // No cron schedules: the sweep queues its own next run (`payment-sweep.ts`).
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    this.boss.on('warning', ({ message, data }) => log.warn({ data }, message));
  }

  /**
   * Installs or migrates pg-boss's schema (pg-boss 10's is set aside, see `v10-schema.ts`) and
   * makes the queues, with today's settings. One instance at a time: the setting aside, and each
   * queue's create then update, are one step each, so instances starting together (a rolling
   * deploy) never interleave them.
   */
  async start(queues: Queue[]): Promise<void> {
    await this.database.withAdvisoryLock(START_LOCK_KEY, async () => {
      await setAsideV10Schema(this.database.db, this.boss, JOBS_SCHEMA, this.log);
      await this.boss.start();
      const withRetention = (queue: Queue): Queue => ({
        ...queue,
        deleteAfterSeconds: DELETE_FINISHED_SECONDS,
        deadLetter: FAILED_JOBS_QUEUE,
      });
      for (const queue of [failedJobsQueue, ...queues.map(withRetention)]) {
        await this.boss.createQueue(queue.name, queue);
        // createQueue leaves an existing queue as it was; a changed setting applies from now on
        // (a queue keeps the policy it was made with).
        const { name, policy: _policy, ...settings } = queue;
        await this.boss.updateQueue(name, settings);
      }
      const names = queues.map((queue) => queue.name);
      await carryOverV10Jobs(this.database.db, this.boss, names, this.log);
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
  private async run<T>(job: Job<T>, handler: JobHandler<T>): Promise<unknown> {
    const signal = this.stopping.signal;
    if (signal.aborted) throw new Error('interrupted by shutdown');
    const running = handler(job, AbortSignal.any([signal, job.signal]));
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
    options: SendOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(queue, data, options);
    if (id) this.wake(queue);
    return id;
  }

  /**
   * Inserts jobs of `queue` in one statement through `db` (`statementsIn(tx)`: a transaction, so
   * they exist only if it commits). Workers are not woken: call `wake` once the transaction has
   * committed, or they find the jobs at their next poll. A job whose id exists is skipped.
   */
  async insert(queue: string, jobs: JobInsert[], db: PgBossDb): Promise<void> {
    if (jobs.length) await this.boss.insert(queue, jobs, { db });
  }

  /**
   * How many jobs of `queue` are in one of `states`, counted in one statement over pg-boss's
   * job table (the partitioned parent of every queue's table): pg-boss's own counts
   * (`getQueue`, `getQueueStats`) come from a cache up to a minute old.
   */
  async count(queue: string, states: JobState[]): Promise<number> {
    const { rows } = await this.db.executeSql(
      `select count(*)::int as count from ${JOBS_SCHEMA}.job where name = $1 and state::text = any($2)`,
      [queue, states],
    );
    return (rows as { count: number }[])[0]?.count ?? 0;
  }

  /**
   * Resolves once job `id` of `queue` has ended (any instance may run it) with its state,
   * `deleted` when it is already gone, or `closed` when `signal` aborts first.
   */
  async ended(queue: string, id: string, signal: AbortSignal): Promise<string> {
    while (!signal.aborted) {
      const [job] = await this.boss.findJobs(queue, { id });
      // Finished jobs are deleted two minutes after their end.
      if (!job) return 'deleted';
      if (ENDED_STATES.has(job.state)) return job.state;
      await new Promise((resolve) => setTimeout(resolve, ENDED_POLL_MS));
    }
    return 'closed';
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
      await this.boss.stop({ graceful: true, timeout: graceMs });
    } finally {
      clearTimeout(abandon);
      this.stopping.abort(new Error('interrupted by shutdown'));
      await this.db.settled();
    }
  }
}
