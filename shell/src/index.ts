import { requestRuntimeConfig } from './config/runtime-config-request';
import { preloadOpenedPageRemote } from './remotes/entry-preload';

// Both in flight while the bootstrap chunk and the shared packages load (see the functions); a
// config that fails to arrive is the bootstrap's to report.
requestRuntimeConfig().then(preloadOpenedPageRemote, () => {});
void import('./bootstrap');
