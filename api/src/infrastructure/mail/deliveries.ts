import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailDeliveries } from '../../db/schema.ts';

/**
 * The idempotency keys of mail the relay accepted (`mail_deliveries`). A key only matters while
 * its job can still run again: pg-boss keeps a waiting job two weeks at most.
 */
export class MailDeliveries {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async delivered(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: mailDeliveries.key })
      .from(mailDeliveries)
      .where(eq(mailDeliveries.key, key));
    return row !== undefined;
  }

  async record(key: string): Promise<void> {
    await this.db.insert(mailDeliveries).values({ key }).onConflictDoNothing();
  }

  /** Forgets keys older than `days`; resolves with how many went. */
  async prune(days: number): Promise<number> {
    const gone = await this.db
      .delete(mailDeliveries)
      .where(lt(mailDeliveries.deliveredAt, sql`now() - make_interval(days => ${days})`))
      .returning({ key: mailDeliveries.key });
    return gone.length;
  }
}
