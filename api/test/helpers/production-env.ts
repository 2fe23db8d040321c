/** The least a production start takes (config.ts refuses anything less, each test its part). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
  ADMIN_EMAIL: 'boss@store.example',
  ADMIN_PASSWORD: 'Boss#2026!',
  // Nothing listens there: a test that mails starts its own relay.
  SMTP_URL: 'smtp://127.0.0.1:9',
  PAYMENT_PROVIDER: 'local',
  LICENSE_KEY_SECRET: 'a-production-license-key-secret-long-enough-456',
  // A key made for these tests only (not the development constant, which production refuses).
  LICENSE_SIGNING_KEY: JSON.stringify({
    kty: 'OKP',
    crv: 'Ed25519',
    x: 'gK5IylPDns4aMLDuVWnFyrwzcIUdZ4vOs4JIqljUf5w',
    d: 'uqZjs3WVEgcUl0zBxOQ38amVwtxKZJ7Gpeh9lp0lA3E',
  }),
};
