import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The start-up reconciliation of pending orders (tests await it). */
    paymentSweep: Promise<unknown> | null;
  }
}

/**
 * Reconciles pending orders with the provider once the app is ready, then periodically. It
 * runs in the background: a slow provider must not hold up the start.
 */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.decorate('paymentSweep', null);

  const run = () => {
    running ??= app.services.payments
      .sweep()
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
