/** Deploy-time document beside index.html: moving a remote never needs a shell rebuild. */
const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let request: Promise<unknown> | null = null;

/**
 * The runtime config's JSON, fetched once per page. The shell's `index.html` preloads it (the
 * same URL, mode and credentials, so this fetch takes that answer), and the document that gates
 * every remote arrives with the entry instead of after it has run. No `cache: 'no-store'`: it
 * would not match the preload; every server answers this file `no-cache`. Imports nothing
 * shared: the entry runs before Module Federation's shared scope exists.
 */
export function requestRuntimeConfig(): Promise<unknown> {
  if (!request) {
    request = fetch(RUNTIME_CONFIG_PATH).then((response) => {
      if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    // The bootstrap awaits it and reports a failure; until then it is not unhandled.
    request.catch(() => {});
  }
  return request;
}
