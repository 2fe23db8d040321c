import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { PeriodicJob } from '../infrastructure/jobs/periodic-job.ts';
import { SALE_END_QUEUE } from '../infrastructure/jobs/queues.ts';

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Puts the regular price back on every product whose sale has ended, in one statement (the
 * partial index `products_sale_ends_idx` finds them). Reads and prices treat such a sale as
 * over already; this makes the price columns, and so price sorts and filters, agree.
 */
export async function endSales(db: Db): Promise<number> {
  const [row] = await rawRows<{ ended: number }>(
    db,
    sql`with ended as (
        update products set price_cents = regular_price_cents, regular_price_cents = null,
          sale_ends_at = null, updated_at = now()
        where sale_ends_at <= now()
        returning id
      )
      select count(*)::int as ended from ended`,
  );
  return Number(row?.ended ?? 0);
}

/**
 * The end of sales as a periodic job (`infrastructure/jobs/periodic-job.ts`), like the rating
 * prior: at every start and every `SALE_END_INTERVAL_SECONDS`. The cached catalog answers show
 * the sale until it drops them.
 */
export class SaleEndJobs extends PeriodicJob {
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
      queue: SALE_END_QUEUE,
      name: 'sale end',
      intervalSeconds,
      log,
      task: async (job) => {
        const ended = await endSales(db);
        if (ended > 0) {
          await invalidateCatalog();
          log.info({ jobId: job.id, ended }, 'sales ended');
        }
        return { ended };
      },
    });
  }
}
