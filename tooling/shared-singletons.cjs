// One map for all five apps: a range that differs between host and remote would load two Reacts.
// react-router and Redux Toolkit are not here: they travel inside @store/shared, tree-shaken
// (shared/src/router.ts, shared/src/store/toolkit.ts).
const ranges = {
  react: '^19.0.0',
  'react/': '^19.0.0',
  'react-dom': '^19.0.0',
  'react-dom/': '^19.0.0',
  'react-redux': '^9.0.0',
  'react-toastify': '^11.0.0',
  '@store/shared': '^0.1.0',
};

/**
 * The federation plugin's `shared` option: every package above as a singleton of its range.
 * @returns {Record<string, { singleton: boolean, requiredVersion: string, strictVersion: boolean }>}
 */
function sharedSingletons() {
  return Object.fromEntries(
    Object.entries(ranges).map(([key, requiredVersion]) => [
      key,
      { singleton: true, requiredVersion, strictVersion: false },
    ]),
  );
}

module.exports = { sharedSingletons, singletonRanges: ranges };
