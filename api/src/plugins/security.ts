import helmet from '@fastify/helmet';
import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';

export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(helmet, {
    // The shell on another port of the same site embeds api-served images and files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Plain-http development would otherwise be told to upgrade to https.
    hsts: config.isProduction,
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: config.isProduction ? [] : null },
    },
  });
});
