import { ConfigError, loadConfig } from './config.ts';
import { connectionDrainer } from './lib/http-drain.ts';
// Before the app's import below: it registers a module resolution hook.
import './startup/drizzle-resolve-fast-path.ts';

// Within the stop grace period, with room for closing the pools before the runtime's SIGKILL.
const CLOSE_ROOM_MS = 3_000;
const EXIT_ROOM_MS = 500;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }

  // The app's import takes seconds; a refused setting is reported before it, not after.
  const { buildApp } = await import('./app.ts');
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // A database the configuration may not run on (demo data in production) is one line too.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  if (config.database.kind === 'postgres' && !config.redisUrl) {
    app.log.info(
      'REDIS_URL is not set: rate limits and the catalog cache are per instance ' +
        '(fine for one instance; set it before running several)',
    );
  }
  const drain = connectionDrainer(app.server);
  const graceMs = config.stopGraceSeconds * 1000;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining connections');
    const force = setTimeout(() => process.exit(1), graceMs - EXIT_ROOM_MS).unref();
    try {
      // Requests already received finish on an open database; then the pools close.
      const drained = await drain(graceMs - CLOSE_ROOM_MS);
      if (!drained) app.log.warn('connections still open after the drain timeout were cut');
      await app.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close();
    process.exit(1);
  }
}

void main();
