// `npm start`: production builds of the five apps (built when missing) and the api in
// development mode on the embedded defaults: the local try-out of the whole store.
import {
  APP_NAMES,
  apps,
  buildApps,
  closeServer,
  runtimeConfigFromEnv,
  startApi,
  startAppServer,
  stopProcess,
  writeRuntimeConfig,
} from './lib/composition.mjs';

const force = process.argv.includes('--rebuild');
let runtimeConfig;
try {
  // Before the builds: a refused setting should not wait a minute to be reported.
  runtimeConfig = runtimeConfigFromEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
buildApps({ force });
await writeRuntimeConfig(runtimeConfig);

const api = await startApi();
const servers = await Promise.all(APP_NAMES.map((name) => startAppServer(name)));
for (const name of APP_NAMES) console.log(`${name.padEnd(12)} http://localhost:${apps[name].port}`);
console.log('api          http://localhost:5000/api');
console.log('\nThe store is at http://localhost:3000 (Ctrl-C stops everything)');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([...servers.map(closeServer), stopProcess(api)]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.once('exit', (code) => {
  if (!stopping) {
    console.error(`api stopped unexpectedly (code ${code})`);
    void stop();
  }
});
