import { requestRuntimeConfig } from './config/runtime-config-request';
import { startEarlyAnswers } from './early/early-answers';
import { preloadOpenedPageRemote } from './remotes/entry-preload';

// All in flight while the bootstrap chunk and the shared packages load (see the functions); a
// config that fails to arrive is the bootstrap's to report.
requestRuntimeConfig().then(
  (config) => {
    startEarlyAnswers(config, window.location);
    preloadOpenedPageRemote(config);
  },
  () => {},
);
// A task of its own: the import()'s share-scope resolution would otherwise lengthen the
// federation runtime's start, already the longest task of a phone's load. A timeout, not
// yieldToBrowser's scheduler.yield(), whose continuation runs ahead of the tasks already queued
// (docs/decisions/0052-start-up-in-shorter-tasks.md).
setTimeout(() => void import('./bootstrap'), 0);
