// Federation names and development ports of the five apps; the shell's runtime config defaults
// and the start scripts read the same table.

/**
 * @typedef {object} App
 * @property {string} federationName the app's Module Federation container name
 * @property {number} port its development (and local production) port
 * @property {string} [key] a remote's key in the shell's runtime config (`remotes.catalog`)
 */

/** @satisfies {Record<string, App>} */
const apps = {
  shell: { federationName: 'shell', port: 3000 },
  'mf-catalog': { federationName: 'mf_catalog', port: 3001, key: 'catalog' },
  'mf-account': { federationName: 'mf_account', port: 3002, key: 'account' },
  'mf-checkout': { federationName: 'mf_checkout', port: 3003, key: 'checkout' },
  'mf-admin': { federationName: 'mf_admin', port: 3004, key: 'admin' },
};

/** @typedef {keyof typeof apps} AppName */

const API_PORT = 5000;

/**
 * Whether `name` is one of the five apps (a command line's or the environment's word).
 * @param {string} name
 * @returns {name is AppName}
 */
function isAppName(name) {
  return Object.hasOwn(apps, name);
}

module.exports = { apps, API_PORT, isAppName };
