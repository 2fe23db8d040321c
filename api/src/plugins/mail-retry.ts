import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one retry round of queued mail now (tests; the timer runs them otherwise). */
    retryQueuedMail(): Promise<unknown>;
  }
}

// The close waits this long for a round still sending: its claimed messages are due again
// after the claim anyway, and the shutdown (server.ts) must end within the stop grace period.
const CLOSE_WAIT_MS = 500;

/**
 * Retries queued mail (see `services/mail/queue.ts`) at start and every
 * `MAIL_RETRY_INTERVAL_SECONDS`, one round at a time per process. Instances share the queue
 * safely: a round claims its messages with `FOR UPDATE SKIP LOCKED`.
 */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const run = () => {
    running ??= app.services.mailQueue
      .deliverDue(app.services.mailRelay)
      .catch((error: unknown) => app.log.error({ err: error }, 'retrying queued mail failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.decorate('retryQueuedMail', run);

  app.addHook('onReady', async () => {
    void run();
    const interval = config.mailRetryIntervalSeconds;
    if (interval > 0) timer = setInterval(run, interval * 1000).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (!running) return;
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([
      running,
      new Promise((resolve) => {
        wait = setTimeout(resolve, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(wait);
  });
});
