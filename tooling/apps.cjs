// Federation names and development ports of the five apps; the shell's runtime config defaults
// and the start scripts read the same table.
const apps = {
  shell: { federationName: 'shell', port: 3000 },
  'mf-catalog': { federationName: 'mf_catalog', port: 3001, key: 'catalog' },
  'mf-account': { federationName: 'mf_account', port: 3002, key: 'account' },
  'mf-checkout': { federationName: 'mf_checkout', port: 3003, key: 'checkout' },
  'mf-admin': { federationName: 'mf_admin', port: 3004, key: 'admin' },
};

const API_PORT = 5000;

module.exports = { apps, API_PORT };
