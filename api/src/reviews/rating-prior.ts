import { sql } from 'drizzle-orm';
import { RATING_PRIOR_WEIGHT } from '@store/contract';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { PeriodicJob } from '../infrastructure/jobs/periodic-job.ts';
import { RATING_PRIOR_QUEUE } from '../infrastructure/jobs/queues.ts';

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Sets the prior to the store's mean of shown reviews (kept as it was while there are none)
 * and gives every live product the score that goes with it, in one statement: only rows whose
 * score changes are written. The expression is the rating triggers' own (migration 0013), so
 * a product's score is the same whichever of the two wrote it last.
 */
export async function refreshRatingPrior(db: Db): Promise<{ mean: number; rescored: number }> {
  const weight = sql.raw(String(RATING_PRIOR_WEIGHT));
  const [row] = await rawRows<{ mean: number; rescored: number }>(
    db,
    sql`with prior as (
        update rating_prior set
          mean = coalesce((select avg(rating)::double precision from reviews
            where hidden_at is null), mean),
          refreshed_at = now()
        returning mean
      ), rescored as (
        update products p
        set rating_score = (${weight} * prior.mean + p.rating_sum)
          / (${weight} + p.rating_count)
        from prior
        where p.deleted_at is null
          and p.rating_score is distinct from (${weight} * prior.mean + p.rating_sum)
            / (${weight} + p.rating_count)
        returning p.id
      )
      select (select mean from prior) as mean, (select count(*) from rescored)::int as rescored`,
  );
  return { mean: Number(row?.mean ?? 0), rescored: Number(row?.rescored ?? 0) };
}

/**
 * The prior as a periodic job (`infrastructure/jobs/periodic-job.ts`), like the payment sweep:
 * at every start and every `RATING_PRIOR_INTERVAL_SECONDS`. A review's write moves its own
 * product's score at once; this moves every score the new mean moves. A review written while
 * this runs may keep a score of the previous mean until the next run.
 */
export class RatingPriorJobs extends PeriodicJob {
  constructor(deps: {
    db: Db;
    jobs: Jobs;
    intervalSeconds: number;
    invalidateCatalog: () => Promise<void>;
    log: Logger;
  }) {
    const { db, jobs, intervalSeconds, invalidateCatalog, log } = deps;
    super({
      jobs,
      queue: RATING_PRIOR_QUEUE,
      name: 'rating prior',
      intervalSeconds,
      log,
      task: async (job) => {
        const outcome = await refreshRatingPrior(db);
        // The `rating` sort is cached with the catalog.
        if (outcome.rescored > 0) await invalidateCatalog();
        log.info({ jobId: job.id, ...outcome }, 'rating prior refreshed');
        return outcome;
      },
    });
  }
}
