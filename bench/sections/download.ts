import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RunningApi } from '../lib/composition.ts';
import { check, log, mib, num, table, type Budget } from '../lib/report.ts';
import {
  ADMIN,
  SHOPPER,
  call,
  callJson,
  login,
  type ProductView,
  TINY_PREVIEW,
} from '../lib/store-api.ts';
import { purchase } from './checkout.ts';

// The size; the bench api accepts it (UPLOAD_ASSET_MAX_BYTES in lib/composition.ts).
export const ASSET_BYTES = 200 * 1024 * 1024;
const BUDGET_BYTES = 64 * 1024 * 1024;

export type DownloadResult =
  | { skipped: string }
  | {
      database: string;
      assetBytes: number;
      receivedBytes: number;
      seconds: number;
      rssBeforeUpload: number;
      rssBefore: number;
      rssPeak: number;
      growth: number;
      budgets: Record<string, Budget>;
    };

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** A 200 MiB purchased file through its signed URL while the api's RSS is sampled. */
export async function runDownloadSection(api: RunningApi): Promise<DownloadResult> {
  const shopper = await login(SHOPPER.email, SHOPPER.password);
  const probe = await call('GET', `/api/products/download/${randomUUID()}`, { session: shopper });
  const probeText = await probe.text();
  if (probe.status === 404 && /Route .* not found/i.test(probeText)) {
    return { skipped: 'GET /api/products/download/:productId does not exist yet' };
  }

  const rssBeforeUpload = await rssOf(api.pid);
  const admin = await login(ADMIN.email, ADMIN.password);
  const { data } = await callJson<{
    data: { categories: { id: string }[]; assetTypes: { id: string; name: string }[] };
  }>('GET', '/api/dropdown/all');
  const assetType = data.assetTypes.find((type) => type.name === 'archive') ?? data.assetTypes[0]!;
  log(`download: uploading a ${mib(ASSET_BYTES)} asset`);
  const asset = randomBytes(ASSET_BYTES);
  const product = await callJson<ProductView>('POST', '/api/products', {
    session: admin,
    body: {
      name: `Bench large download ${randomBytes(3).toString('hex')}`,
      description: 'A large file for the download benchmark.',
      price: 1,
      categoryId: data.categories[0]!.id,
      assetTypeId: assetType.id,
      previewImage: TINY_PREVIEW,
      originalAsset: `data:application/zip;base64,${asset.toString('base64')}`,
      fileName: 'bench-large.zip',
    },
  });
  await purchase(shopper, product);
  const ticket = await callJson<{ downloadUrl: string }>(
    'GET',
    `/api/products/download/${product.id}`,
    { session: shopper },
  );

  // A fresh process, so the upload's garbage (a 280 MB JSON body) cannot hide a buffered file.
  log('download: restarting the api');
  await api.restart();
  const rssBefore = await rssOf(api.pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await rssOf(api.pid));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  log('download: fetching through the signed URL');
  const started = performance.now();
  const response = await fetch(ticket.downloadUrl);
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  let receivedBytes = 0;
  for await (const chunk of response.body) receivedBytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const growth = rssPeak - rssBefore;
  return {
    database: api.database.kind,
    assetBytes: ASSET_BYTES,
    receivedBytes,
    seconds,
    rssBeforeUpload,
    rssBefore,
    rssPeak,
    growth,
    budgets: {
      complete: check(receivedBytes === ASSET_BYTES, 'all bytes'),
      memory: check(growth < BUDGET_BYTES, 'RSS growth < 64 MiB'),
    },
  };
}

export function downloadTable(result: DownloadResult): string {
  if ('skipped' in result) return table('Large download', [['skipped'], [result.skipped]]);
  return table('Large download (api RSS sampled every 25 ms during the transfer)', [
    ['db', 'file', 'received', 'seconds', 'MiB/s', 'RSS before', 'RSS peak', 'growth', 'budgets'],
    [
      result.database,
      mib(result.assetBytes),
      mib(result.receivedBytes),
      num(result.seconds, 2),
      num(result.receivedBytes / 1024 / 1024 / result.seconds, 0),
      mib(result.rssBefore),
      mib(result.rssPeak),
      mib(result.growth),
      Object.values(result.budgets)
        .map((budget) => `${budget.verdict} ${budget.limit}`)
        .join('; '),
    ],
  ]);
}
