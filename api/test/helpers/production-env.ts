/** The least a production start takes (config.ts refuses anything less, each test its part). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
  ADMIN_EMAIL: 'boss@store.example',
  ADMIN_PASSWORD: 'Boss#2026!',
  // Nothing listens there: a test that mails starts its own relay.
  SMTP_URL: 'smtp://127.0.0.1:9',
  PAYMENT_PROVIDER: 'local',
};
