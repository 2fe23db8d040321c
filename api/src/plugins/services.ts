import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';
import { createAuthService, type AuthService } from '../services/auth.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { OutboxMailer } from '../services/mail/outbox.ts';
import { SmtpMailer } from '../services/mail/smtp.ts';
import { createPasswordService, type PasswordService } from '../services/passwords-flow.ts';
import { createRateLimitStore, type RateLimitStore } from '../services/rate-limit-store.ts';
import { createSessions, type SessionService } from '../services/sessions.ts';

export interface Services {
  mailer: Mailer;
  outbox: OutboxMailer | null;
  limits: RateLimitStore;
  sessions: SessionService;
  auth: AuthService;
  passwords: PasswordService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    services: Services;
  }
}

export interface ServiceOverrides {
  mailer?: Mailer;
  limits?: RateLimitStore;
}

export default appWide<{ config: AppConfig; overrides?: ServiceOverrides }>(
  async (app, options) => {
    const { config } = options;
    const outbox = config.smtpUrl ? null : new OutboxMailer(config.outboxDir, app.log);
    const mailer: Mailer =
      options.overrides?.mailer ?? outbox ?? new SmtpMailer(config.smtpUrl!, config.mailFrom);
    if (!config.smtpUrl && config.isProduction) {
      app.log.warn('SMTP_URL is not set: mail goes to the outbox folder and its links to the log');
    }
    const limits = options.overrides?.limits ?? createRateLimitStore(config.redisUrl);
    const sessions = createSessions(app.db, config);
    const deps = { db: app.db, config, mailer, limits, sessions, log: app.log };
    const auth = createAuthService(deps);
    const passwords = createPasswordService(deps, auth);

    app.decorate('config', config);
    app.decorate('services', { mailer, outbox, limits, sessions, auth, passwords });
    app.addHook('onClose', async () => {
      await mailer.close?.();
      await limits.close();
    });
  },
);
