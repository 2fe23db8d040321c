/** One jest run for the browser-side packages; the api and e2e use node's test runner. */
module.exports = {
  testEnvironment: 'jsdom',
  // A test's time is never its verdict: a form walked key by key with user-event takes several
  // seconds beside the api and browser stages on CI's two cores (5 s, jest's default, timed out).
  testTimeout: 20_000,
  roots: [
    '<rootDir>/tooling',
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mf-catalog',
    '<rootDir>/mf-account',
    '<rootDir>/mf-checkout',
    '<rootDir>/mf-admin',
  ],
  testMatch: ['**/src/**/*.test.ts?(x)', '<rootDir>/tooling/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/tooling/jest/empty-module.cjs',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/tooling/jest/file-stub.cjs',
  },
  globals: { __APP_NAME__: 'test-app', __APP_VERSION__: '0.0.0-test' },
  setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup.ts'],
};
