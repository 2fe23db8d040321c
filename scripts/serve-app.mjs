// The production server of one app, what each image runs (tooling/docker/app.Dockerfile): the
// static server of `npm start` and the browser tests, with its settings from the environment.
//
//   APP                 shell, mf-catalog, mf-account, mf-checkout or mf-admin
//   PORT, HOST          default: the app's port (tooling/apps.cjs) on 0.0.0.0
//   APP_ROOT            its build (default <repository>/<APP>/dist)
// The shell's runtime config, the addresses the browser uses:
//   REMOTE_CATALOG_URL, REMOTE_ACCOUNT_URL, REMOTE_CHECKOUT_URL, REMOTE_ADMIN_URL, API_BASE_URL,
//   STRIPE_PUBLISHABLE_KEY, PAYMENT_PROVIDER (as `npm start`)
// and the addresses only the shell's server uses:
//   API_UPSTREAM        the api, for /api and the first screen's categories (default 127.0.0.1:5000)
//   RENDER_REMOTE_URL   the catalog's mf-manifest.json, for the first screen's render code
//                       (default REMOTE_CATALOG_URL)
// and the store's address, as the api's mails name it:
//   APP_URL             the address shoppers open: the base of product pages' canonical and
//                       Open Graph URLs, robots.txt and the sitemaps (default http://localhost:PORT)
import {
  API_PORT,
  APP_NAMES,
  apps,
  closeServer,
  distOf,
  isAppName,
  publicOriginOf,
  runtimeConfigFromEnv,
  startAppServer,
} from './lib/composition.mjs';

const env = process.env;
const appName = env.APP ?? '';
if (!isAppName(appName)) {
  console.error(`APP must be one of ${APP_NAMES.join(', ')} (it is "${appName}")`);
  process.exit(1);
}
const port = Number(env.PORT ?? apps[appName].port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number (it is "${env.PORT}")`);
  process.exit(1);
}
const isShell = appName === 'shell';
let runtimeConfig;
const publicUrl = env.APP_URL || undefined;
try {
  runtimeConfig = isShell ? runtimeConfigFromEnv(env) : undefined;
  if (isShell && publicUrl) publicOriginOf(publicUrl);
} catch (error) {
  // A secret Stripe key where the public config wants the publishable one, an APP_URL that is no
  // URL: one line, no start.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = await startAppServer(appName, {
  port,
  host: env.HOST ?? '0.0.0.0',
  root: env.APP_ROOT ?? distOf(appName),
  apiTarget: env.API_UPSTREAM ?? `http://127.0.0.1:${API_PORT}`,
  runtimeConfig,
  renderManifestUrl: env.RENDER_REMOTE_URL || undefined,
  publicUrl,
});
const { address, port: listening } = /** @type {import('node:net').AddressInfo} */ (
  server.address()
);
console.log(`${appName} on http://${address}:${listening}`);

const stop = () => closeServer(server).then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
