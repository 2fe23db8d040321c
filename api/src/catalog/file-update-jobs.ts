import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { nameUuid } from '../lib/uuid.ts';
import type { UpdateMailOptOut } from '../accounts/update-mail-opt-out.ts';
import type { Jobs } from '../infrastructure/jobs/boss.ts';
import { FILE_UPDATE_QUEUE, MAIL_QUEUE } from '../infrastructure/jobs/queues.ts';
import { statementsIn } from '../infrastructure/jobs/sql-adapter.ts';
import type { MailJobs } from '../infrastructure/mail/mail-jobs.ts';
import { productUpdateMail } from '../infrastructure/mail/templates.ts';
import {
  bumpBuyers,
  lockFanOut,
  nextBatchEnd,
  saveFanOut,
  type BumpedBuyer,
} from './product-buyers.ts';

/** A new file version and what its buyers are told. */
export interface FileUpdate {
  productId: string;
  version: number;
  /** The release note quoted in the mail. */
  note: string | null;
  /** Mail the buyers (who have not opted out); without it they only get the download. */
  notify: boolean;
}

/** The job's data; how far it got is kept on the version's row (`product_files`). */
export type FileUpdateJob = FileUpdate;

export interface FanOutResult {
  buyers: number;
  mails: number;
}

interface Deps {
  db: Db;
  jobs: Jobs;
  mail: MailJobs;
  optOut: UpdateMailOptOut;
  config: Pick<AppConfig, 'appUrl'>;
  log: FastifyBaseLogger;
  /** Buyers per transaction (default 500). */
  batchSize?: number;
  /** The queue (default `file-update`; tests run their own). */
  queue?: string;
}

/** The idempotency key of one buyer's mail about one version (`mail_deliveries`). */
export const updateMailKey = (update: FileUpdate, userId: string) =>
  `update:${update.productId}:${update.version}:${userId}`;

/**
 * A new file reaching its buyers, in the background: never inside the edit's request, which
 * only queues one job (in its own transaction, under an id derived from the product and the
 * version, so a version is queued once). The job walks the buyers in user id order, a batch
 * per transaction: one more download for each buyer in the batch (also without a mail: an
 * update must be downloadable by someone who used up the limit), one mail job per buyer who
 * has not opted out, and how far it got (on the version's `product_files` row), all
 * committed together. A failed or killed run
 * goes on from the last committed batch; no buyer gets a second download or a second mail
 * (mail job ids and delivery keys derive from product, version and user too).
 */
export class FileUpdateJobs {
  readonly queue: string;
  private readonly batchSize: number;

  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
    this.queue = deps.queue ?? FILE_UPDATE_QUEUE;
    this.batchSize = deps.batchSize ?? 500;
  }

  /** Queues the fan-out inside the transaction that stored the version; `wake` after commit. */
  async queueWithin(tx: Db, update: FileUpdate): Promise<void> {
    const data: FileUpdateJob = update;
    const id = nameUuid(`file-update:${update.productId}:${update.version}`);
    await this.deps.jobs.insert(this.queue, [{ id, data }], statementsIn(tx));
  }

  /** Starts this process's worker on a fan-out just committed, instead of at its next poll. */
  wake(): void {
    this.deps.jobs.wake(this.queue);
  }

  /** The worker's handler; the answer is kept as the job's output. */
  readonly run = async (job: Job<FileUpdateJob>, signal?: AbortSignal): Promise<FanOutResult> => {
    const update = job.data;
    const { db, log } = this.deps;
    const [product] = await db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, update.productId));
    if (!product) throw new Error(`file update of an unknown product ${update.productId}`);
    const done: FanOutResult = { buyers: 0, mails: 0 };
    for (;;) {
      // Between two batches: a run stopped here goes on from this batch on its retry.
      if (signal?.aborted) throw new Error('interrupted by shutdown');
      const batch = await db.transaction(async (tx) => {
        const after = await lockFanOut(tx, update.productId, update.version);
        const last = await nextBatchEnd(tx, update.productId, after, this.batchSize);
        if (!last) return null;
        const bumped = await bumpBuyers(tx, update.productId, { after, last });
        const told = update.notify ? bumped.filter((buyer) => !buyer.optedOut) : [];
        if (told.length) {
          const mails = await this.mailsTo(told, update, product.name);
          const jobs = this.deps.mail.jobsFor(mails, new Date());
          await this.deps.jobs.insert(MAIL_QUEUE, jobs, statementsIn(tx));
        }
        await saveFanOut(tx, update.productId, update.version, last);
        return { buyers: bumped.length, mails: told.length };
      });
      if (!batch) break;
      done.buyers += batch.buyers;
      done.mails += batch.mails;
      if (batch.mails) this.deps.mail.wake();
    }
    const { productId, version, notify } = update;
    log.info({ productId, version, notify, ...done }, 'a file update reached its buyers');
    return done;
  };

  private async mailsTo(buyers: BumpedBuyer[], update: FileUpdate, productName: string) {
    const downloadsLink = `${this.deps.config.appUrl}/orders`;
    return Promise.all(
      buyers.map(async (buyer) => ({
        key: updateMailKey(update, buyer.userId),
        message: productUpdateMail(buyer.email, buyer.name, {
          productName,
          note: update.note,
          downloadsLink,
          optOutLink: await this.deps.optOut.link(buyer.userId),
        }),
      })),
    );
  }
}
