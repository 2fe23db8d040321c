import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rawRows } from '../../src/db/raw-rows.ts';
import { JOBS_SCHEMA } from '../../src/infrastructure/jobs/boss.ts';
import { FILE_UPDATE_QUEUE, MAIL_QUEUE } from '../../src/infrastructure/jobs/queues.ts';
import { nameUuid } from '../../src/lib/uuid.ts';
import { waitFor } from '../services/jobs/job-rows.ts';

const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);

/** The state of the fan-out job of one file version (its id derives from both). */
export async function fanOutState(
  app: FastifyInstance,
  productId: string,
  version: number,
  queue = FILE_UPDATE_QUEUE,
): Promise<{ state: string; output: unknown; data: Record<string, unknown> } | null> {
  const id = nameUuid(`file-update:${productId}:${version}`);
  const [row] = await rawRows<{ state: string; output: unknown; data: Record<string, unknown> }>(
    app.db,
    sql`select state::text as state, output, data from ${jobTable}
      where name = ${queue} and id = ${id}::uuid`,
  );
  return row ?? null;
}

/** Waits until the fan-out of a version completed and answers its output. */
export async function fanOutDone(app: FastifyInstance, productId: string, version: number) {
  await waitFor(`the fan-out of ${productId} v${version} completed`, async () => {
    const job = await fanOutState(app, productId, version);
    assert.notEqual(job?.state, 'failed', `the fan-out failed: ${JSON.stringify(job?.output)}`);
    return job?.state === 'completed';
  });
  return (await fanOutState(app, productId, version))!.output as { buyers: number; mails: number };
}

/** Every update mail job of a version (finished ones stay two minutes): recipient and key. */
export async function updateMailJobs(app: FastifyInstance, productId: string, version: number) {
  const prefix = `update:${productId}:${version}:%`;
  return rawRows<{ to: string; key: string }>(
    app.db,
    sql`select data->>'to' as to, data->>'key' as key from ${jobTable}
      where name = ${MAIL_QUEUE} and data->>'key' like ${prefix}`,
  );
}
