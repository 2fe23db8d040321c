import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { productFiles } from '../../../src/db/schema.ts';
import { FileUpdateJobs, type FileUpdateJob } from '../../../src/catalog/file-update-jobs.ts';
import { fileUpdateQueue, MAIL_QUEUE } from '../../../src/infrastructure/jobs/queues.ts';
import { nameUuid } from '../../../src/lib/uuid.ts';
import { outbox, signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
} from '../../helpers/catalog.ts';
import { buy } from '../../helpers/checkout.ts';
import { grantOf, setGrant } from '../../helpers/downloads.ts';
import { fanOutState } from '../../helpers/file-updates.ts';
import { jobRows } from './job-rows.ts';

// A queue without workers: the test runs the handler itself, as pg-boss would run the job and
// then its retry.
const QUEUE = 'file-update-resume-test';
const BATCH = 2;

describeEachDatabase('jobs: a file update fan-out resumed after a failure', (suite) => {
  let product: ProductJson;
  let buyers: Array<{ id: string; email: string }>;
  let fanOut: FileUpdateJobs;
  before(async () => {
    const admin = await adminClient(suite.app);
    product = await createProduct(admin, await createCatalog(suite.app, 'resume'), {
      name: 'Resumable Pack',
    });
    buyers = [];
    for (let index = 0; index < 5; index += 1) {
      const buyer = await signedInUser(suite.app);
      await buy(suite.app, buyer.client, [{ product }]);
      buyers.push({ id: buyer.user.id, email: buyer.email });
    }
    // The order the fan-out walks them in.
    buyers.sort((a, b) => (a.id < b.id ? -1 : 1));
    const { services } = suite.app;
    await services.jobs.boss.createQueue(QUEUE, fileUpdateQueue);
    fanOut = new FileUpdateJobs({
      db: suite.app.db,
      jobs: services.jobs,
      mail: services.mailer,
      optOut: services.updateMailOptOut,
      config: suite.config,
      log: suite.app.log,
      batchSize: BATCH,
      queue: QUEUE,
    });
  });

  /**
   * Stores `version` (once) and queues its fan-out as an edit does; answers the job pg-boss
   * would hand out.
   */
  async function queued(version: number): Promise<Job<FileUpdateJob>> {
    const update = { productId: product.id, version, note: 'Resumed', notify: true };
    await suite.app.db.transaction(async (tx) => {
      await tx
        .insert(productFiles)
        .values({ productId: product.id, version, assetKey: `assets/resume-${version}` })
        .onConflictDoNothing();
      await fanOut.queueWithin(tx, update);
    });
    const id = nameUuid(`file-update:${product.id}:${version}`);
    const signal = new AbortController().signal;
    return {
      id,
      name: QUEUE,
      data: update,
      expireInSeconds: 600,
      heartbeatSeconds: null,
      retryCount: 0,
      signal,
    };
  }

  const fanOutAfter = async (version: number) => {
    const [row] = await suite.app.db
      .select({ after: productFiles.fanOutAfter })
      .from(productFiles)
      .where(and(eq(productFiles.productId, product.id), eq(productFiles.version, version)));
    return row?.after;
  };

  const downloadsOf = async () =>
    Promise.all(
      buyers.map(async (buyer) => (await grantOf(suite.app, buyer.id, product.id)).maxDownloads),
    );

  // The update mail jobs of a version, as pg-boss keeps them (finished ones for two minutes).
  const updateMailJobs = async (version: number) =>
    (await jobRows(suite.app.db, MAIL_QUEUE)).filter((job) =>
      job.key?.startsWith(`update:${product.id}:${version}:`),
    );
  const mailedTo = async (version: number) =>
    (await updateMailJobs(version)).map((job) => job.to).sort();

  it('goes on after the last committed batch: one download and one mail per buyer', async () => {
    const job = await queued(2);
    // The third buyer's row makes the second batch fail (an integer overflow), after the
    // first batch committed.
    const poisoned = await grantOf(suite.app, buyers[2]!.id, product.id);
    await setGrant(suite.app, poisoned.id, { remainingDownloads: 2_147_483_647 });

    await assert.rejects(fanOut.run(job), (error: Error) => {
      assert.match(String((error.cause as Error | undefined)?.message), /out of range/);
      return true;
    });
    assert.deepEqual(await downloadsOf(), [6, 6, 5, 5, 5], 'the first batch only');
    assert.deepEqual(
      await mailedTo(2),
      buyers
        .slice(0, BATCH)
        .map((buyer) => buyer.email)
        .sort(),
    );
    assert.equal(await fanOutAfter(2), buyers[1]!.id, 'the progress is on the version');

    await setGrant(suite.app, poisoned.id, { remainingDownloads: 5 });
    // The retry: the job as pg-boss first handed it out.
    assert.deepEqual(await fanOut.run(job), { buyers: 3, mails: 3 });
    assert.deepEqual(await downloadsOf(), [6, 6, 6, 6, 6]);
    const jobs = await updateMailJobs(2);
    assert.equal(jobs.length, 5);
    assert.equal(new Set(jobs.map((mail) => mail.key)).size, 5);
    assert.deepEqual(await mailedTo(2), buyers.map((buyer) => buyer.email).sort());

    // A run of a job that had finished (its worker died before pg-boss heard) does nothing.
    assert.deepEqual(await fanOut.run(job), { buyers: 0, mails: 0 });
    assert.deepEqual(await downloadsOf(), [6, 6, 6, 6, 6]);
    assert.equal((await updateMailJobs(2)).length, 5);

    const messages = await outbox(suite.app);
    for (const buyer of buyers) {
      const mails = messages.filter(
        (mail) =>
          mail.to === buyer.email && mail.subject === 'An update to Resumable Pack is ready',
      );
      assert.equal(mails.length, 1, `one mail to ${buyer.email}`);
    }
  });

  it('does each batch once when two runs of one job go at the same time', async () => {
    const job = await queued(3);
    const runs = await Promise.all([fanOut.run(job), fanOut.run(job)]);
    assert.equal(runs[0].buyers + runs[1].buyers, 5);
    assert.equal(runs[0].mails + runs[1].mails, 5);
    assert.deepEqual(await downloadsOf(), [7, 7, 7, 7, 7]);
    assert.deepEqual(await mailedTo(3), buyers.map((buyer) => buyer.email).sort());
  });

  it('queues a version once, however often it is asked', async () => {
    await queued(4);
    await queued(4);
    const job = await fanOutState(suite.app, product.id, 4, QUEUE);
    assert.equal(job?.state, 'created');
    assert.deepEqual(await fanOut.run(await queued(4)), { buyers: 5, mails: 5 });
    assert.deepEqual(await downloadsOf(), [8, 8, 8, 8, 8]);
  });
});
