import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const SHARED_ONLY_IMPORTS = [
  ...['react-router', 'react-router-dom'].map((name) => ({
    name,
    message: "Import the router API from '@store/shared' (shared/src/router.ts).",
  })),
  { name: 'axios', message: "Use apiClient from '@store/shared' (shared/src/api)." },
];

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
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: SHARED_ONLY_IMPORTS }] },
  },
  {
    // Redux Toolkit travels inside @store/shared too (shared/src/store/toolkit.ts), so that it is
    // tree-shaken; a direct import would add a second, whole copy to an app.
    files: ['shell/src/**', 'mf-*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
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
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
