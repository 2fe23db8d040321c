import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The start-up reconciliation of pending orders (tests await it). */
    paymentSweep: Promise<unknown> | null;
  }
}

// Arbitrary constant shared by every api instance (the migration lock uses another).
const SWEEP_LOCK_KEY = 741_852_964;

/**
 * Reconciles pending orders with the provider once the app is ready, then periodically. It
 * runs in the background: a slow provider must not hold up the start.
 *
 * Settling is exactly-once on its own (a conditional UPDATE), so overlapping sweeps would be
 * correct, but every instance starting at once would ask the provider about every pending
 * order. On PostgreSQL an instance therefore sweeps only while it holds a transaction-level
 * advisory lock, and skips the round when another instance is sweeping. The embedded database
 * serves a single process, so it needs no lock (and its one connection could not lend itself
 * to the sweep while a transaction holds it).
 */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.decorate('paymentSweep', null);

  const sweepAlone = () =>
    app.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
      );
      const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
      if (!row?.locked) {
        app.log.debug('payment sweep skipped: another instance is sweeping');
        return null;
      }
      return app.services.payments.sweep();
    });

  const run = () => {
    const sweep =
      config.database.kind === 'postgres' ? sweepAlone : () => app.services.payments.sweep();
    running ??= sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'payment sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onReady', async () => {
    app.paymentSweep = run();
    const interval = config.payments.sweepIntervalSeconds;
    if (interval > 0) timer = setInterval(run, interval * 1000).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
});
