import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ensureAccount } from './ensure-account.ts';

/** The first admin of a store, from `ADMIN_EMAIL` / `ADMIN_PASSWORD` (production too). */
export async function ensureFirstAdmin(
  db: Db,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.admin) return;
  const created = await ensureAccount(db, {
    name: 'Administrator',
    ...config.admin,
    role: 'admin',
  });
  if (created) log.info({ email: config.admin.email }, 'created the first admin from ADMIN_EMAIL');
}
