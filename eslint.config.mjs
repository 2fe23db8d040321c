import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['api/**', 'e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A second copy of react-router in a remote would have its own router context; axios was
    // replaced by shared/src/api to fit the home page's JavaScript budget (issue #8).
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    ignores: ['shared/src/router.ts', 'shared/src/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router', 'react-router-dom'].map((name) => ({
              name,
              message: "Import the router API from '@store/shared' (shared/src/router.ts).",
            })),
            { name: 'axios', message: "Use apiClient from '@store/shared' (shared/src/api)." },
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
