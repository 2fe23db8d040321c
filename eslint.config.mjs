import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// The one table of the apps (tooling/apps.cjs): the shell and the remotes it loads.
const { apps } = createRequire(import.meta.url)('./tooling/apps.cjs');
const APPS = Object.keys(apps);
const REMOTES = APPS.filter((app) => app !== 'shell');

/** The feature folders of an app as they are on disk (`shell/src/features/auth`, ...). */
function featureFolders(app) {
  const features = path.join(ROOT, app, 'src/features');
  if (!fs.existsSync(features)) return [];
  return fs
    .readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${app}/src/features/${entry.name}`);
}

// A remote is built, versioned and deployed on its own, and the shell can show the store with any
// one of them down: a remote that compiled another remote's (or the shell's) code into its bundle
// would ship a second copy of it, out of step with the one deployed, and could not be released
// alone.
const REMOTE_ZONES = REMOTES.map((remote) => ({
  target: `${remote}/src`,
  from: APPS.filter((app) => app !== remote),
  message:
    'A remote never imports another app: remotes talk through the shared store and URLs (a link ' +
    'to a route the other app owns), and only the shell loads remotes. Move code both need into ' +
    "'@store/shared'.",
}));

// The shell learns where each remote lives at run time (runtime-config.json), so a remote can be
// moved or redeployed without a shell rebuild; a remote's source compiled into the shell would
// be an old copy of it, shipped with the shell and outside the "unavailable, Retry" boundary.
const SHELL_ZONES = [
  {
    target: 'shell/src',
    from: REMOTES,
    message:
      'The shell reaches a remote only through Module Federation at run time (the route table ' +
      "in shell/src/remotes/remote-routes.ts). Move code both need into '@store/shared'.",
  },
];

// @store/shared is the one federated copy under every app: an import of an app would compile that
// app's code into every other app as well, and tie each release of shared to that app's.
const SHARED_ZONES = [
  {
    target: 'shared/src',
    from: APPS,
    message:
      "'@store/shared' never imports an app: move the code into shared/src, or have the app pass " +
      'it in (a prop, a callback, a slice it injects).',
  },
];

// A feature folder is one part of an app that can be read, changed, moved or deleted as a whole;
// a feature reaching into another's files ties the two together unseen. What both need lives
// beside them at the app level, and a page that puts several features together lives above them.
const FEATURE_ZONES = APPS.flatMap(featureFolders).map((feature) => {
  const app = feature.split('/')[0];
  return {
    target: feature,
    from: `${app}/src/features`,
    except: [`./${path.basename(feature)}`],
    message:
      `A feature never imports another feature's files: move what both use to ${app}/src/common/, ` +
      `or put the page that composes them in ${app}/src/pages/.`,
  };
});

// The api's domains: every folder of api/src that is not one of its layers' own.
const API_LAYER_FOLDERS = new Set(['db', 'lib', 'http', 'plugins']);
const API_DOMAINS = fs
  .readdirSync(path.join(ROOT, 'api/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_LAYER_FOLDERS.has(entry.name))
  .map((entry) => entry.name);
const domains = `{${API_DOMAINS.join(',')}}`;

// The api's layers, top to bottom. A layer may import its own and the ones below it.
const API_LAYERS = [
  { name: 'the app (app.ts, server.ts)', files: ['api/src/{app,server}.ts'] },
  {
    name: 'routes and plugins',
    files: ['api/src/{plugins,http}/**', `api/src/${domains}/routes/**`],
  },
  {
    name: 'services',
    files: [`api/src/${domains}/!(routes)/**`, `api/src/${domains}/*.ts`],
  },
  { name: 'the database layer', files: ['api/src/db/**'] },
  { name: 'lib (with config.ts)', files: ['api/src/lib/**', 'api/src/config.ts'] },
];

// A lower layer that imports a higher one can no longer be tested, reused or reasoned about
// without it: a service that reached into a route would need Fastify to run, and the database
// layer that imported a service would make every migration depend on business rules.
const API_LAYER_ZONES = API_LAYERS.slice(1).map((layer, index) => ({
  target: layer.files,
  from: API_LAYERS.slice(0, index + 1).flatMap((above) => above.files),
  message:
    `${layer.name} may not import ${API_LAYERS.slice(0, index + 1)
      .map((above) => above.name)
      .join(' or ')}: imports run routes -> services -> db -> lib. Move the piece both need ` +
    'down a layer, or pass it in.',
}));

// The api's domains, lowest first: a domain may import the ones before it, never one after it, so
// no two domains depend on each other (a welcome coupon on verification is a hook the accounts
// domain is given, not an import of the cart). A new domain takes its place here; pricing would go
// between catalog and cart, licenses and reviews beside downloads.
const API_DOMAIN_ORDER = [
  'infrastructure',
  'accounts',
  'catalog',
  'pricing',
  'cart',
  'discounts',
  'licenses',
  'checkout',
  'downloads',
  'reviews',
  'analytics',
  'operations',
  'startup',
  'demo-data',
];
const unplaced = API_DOMAINS.filter((domain) => !API_DOMAIN_ORDER.includes(domain));
if (unplaced.length) {
  throw new Error(`Place the api's ${unplaced.join(', ')} in API_DOMAIN_ORDER (eslint.config.mjs)`);
}
const API_DOMAIN_ZONES = API_DOMAIN_ORDER.slice(0, -1).map((domain, index) => ({
  target: `api/src/${domain}/**`,
  from: API_DOMAIN_ORDER.slice(index + 1).map((later) => `api/src/${later}/**`),
  message:
    `The api's ${domain} domain may not import ${API_DOMAIN_ORDER.slice(index + 1).join(', ')}: ` +
    `domains import only the ones before them (${API_DOMAIN_ORDER.join(' < ')}). Move the piece ` +
    'both need down, or have the later domain pass it in (a hook, a callback).',
}));

const SHARED_ONLY_IMPORTS = [
  ...['react-router', 'react-router-dom'].map((name) => ({
    name,
    message: "Import the router API from '@store/shared' (shared/src/router.ts).",
  })),
  { name: 'axios', message: "Use apiClient from '@store/shared' (shared/src/api)." },
];

// Run by the shell's server, never bundled for a browser (tooling/server-render-config.cjs): it
// validates the api's answer with the contract's schema and takes the server's router directly.
const SERVER_RENDERS = ['shell/src/first-screen/render.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist.prev/**',
      '**/dist.next/**',
      '**/dist.swap/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      'api/drizzle/**',
      'e2e/.artifacts/**',
      // Saved builds of 'npm run ab -w bench'.
      'bench/results/**',
      // Deliberate violations: tooling/test/lint-rules.test.ts lints them on purpose.
      'tooling/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Two modules that import each other, directly or around a loop, cannot be understood (or
    // moved to another team's folder) one at a time, and their evaluation order decides which
    // sees the other half-initialised.
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', '*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['api/**', 'e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A second copy of react-router in a remote would have its own router context, and a second
    // axios would have neither the base URL nor the refresh-on-401 interceptor: both travel
    // inside @store/shared, the one federated copy.
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    ignores: [
      'shared/src/router.ts',
      'shared/src/api/**',
      'shared/src/testing/**',
      // On the server every package is Node's one copy, the shared package's router included.
      ...SERVER_RENDERS,
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: SHARED_ONLY_IMPORTS }] },
  },
  {
    // Redux Toolkit travels inside @store/shared too (shared/src/store/toolkit.ts), so that it is
    // tree-shaken; a direct import would add a second, whole copy to an app.
    files: ['shell/src/**', 'mf-*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', ...SERVER_RENDERS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...SHARED_ONLY_IMPORTS,
            {
              name: '@reduxjs/toolkit',
              message: "Import Redux Toolkit from '@store/shared' (shared/src/store/toolkit.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // @store/contract is the api's zod schemas: a value import would compile zod and the schemas
    // into the app, for shapes the browser never checks. The apps take its types only, which
    // `import type` erases. Tests are not bundled, so they may read its values (the shell's route
    // table test compares with STORE_ROUTES); its own rule id, so the no-restricted-imports
    // blocks above still apply.
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', ...SERVER_RENDERS],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@store/contract',
              allowTypeImports: true,
              message:
                "It is the api's zod schemas: a value import would bundle zod into the app. Take " +
                "its types with 'import type'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Each zone list above says why its boundary exists. One rule holds them all: a later block
    // setting the same rule for the same files would replace, not add to, the zones.
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [...REMOTE_ZONES, ...SHELL_ZONES, ...SHARED_ZONES, ...FEATURE_ZONES],
        },
      ],
    },
  },
  {
    files: ['api/src/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...API_LAYER_ZONES, ...API_DOMAIN_ZONES] },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
