import type { DownloadTicket, PurchasedProduct } from '@store/contract';
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { downloads, productFiles, products, purchasedProducts } from '../db/schema.ts';
import { pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { defaultFileName, sanitizeFileName } from '../lib/file-name.ts';
import { HttpError } from '../lib/http-error.ts';
import { downloadTokenKeys, signDownloadToken, verifyDownloadToken } from './download-tokens.ts';
import type { StoreMetrics } from '../infrastructure/metrics.ts';
import { previewUrl } from '../catalog/product-view.ts';
import { exactTime, newestAfter } from '../db/keyset.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';
import type { LicenseService } from '../licenses/licenses.ts';

/** Lifetime of a signed download URL. */
export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** The file a valid download token opens. */
export interface DownloadFile {
  downloadId: string;
  key: string;
  fileName: string;
  contentType: string;
  /** Strong validator: asset keys are never overwritten. */
  etag: string;
  /** The asset is stored with its product and never replaced: its Last-Modified. */
  uploadedAt: Date;
}

interface Deps {
  db: Db;
  config: Pick<
    AppConfig,
    | 'apiUrl'
    | 'publicFilesUrl'
    | 'tokenSecret'
    | 'tokenKeyId'
    | 'previousTokenKey'
    | 'downloadReuseSeconds'
  >;
  storage: FileStorage;
  cursors: CursorCodec;
  log: FastifyBaseLogger;
  metrics: Pick<StoreMetrics, 'downloadsServed'>;
  /** The owner's license keys of the products listed. */
  licenses: Pick<LicenseService, 'ownerKeys'>;
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

function fileNameOf(product: {
  name: string;
  fileName: string | null;
  contentType: string | null;
}) {
  return (
    (product.fileName && sanitizeFileName(product.fileName)) ||
    defaultFileName(product.name, product.contentType ?? '')
  );
}

const notPurchased = () => new HttpError(404, 'Product not purchased');
const refunded = () => new HttpError(403, 'Order refunded');
const invalidLink = () => new HttpError(403, 'Invalid download link');

export function createDownloadService({
  db,
  config,
  storage,
  cursors,
  log,
  metrics,
  licenses,
}: Deps) {
  const linkKeys = downloadTokenKeys(config);
  const reuseWindow = sql.raw(`interval '${Math.trunc(config.downloadReuseSeconds)} seconds'`);
  const recentlyIssued = sql<boolean>`coalesce(${purchasedProducts.lastIssuedAt} > now() - ${reuseWindow}, false)`;
  const notExpired = sql`(${purchasedProducts.expiresAt} is null or ${purchasedProducts.expiresAt} > now())`;
  const notRevoked = isNull(purchasedProducts.revokedAt);

  /** A user's grants as My Downloads shows them; names and previews from the product. */
  const selectPurchased = () =>
    db
      .select({
        id: purchasedProducts.id,
        productId: purchasedProducts.productId,
        slug: products.slug,
        name: products.name,
        previewImageKey: products.previewImageKey,
        expiresAt: purchasedProducts.expiresAt,
        remainingDownloads: purchasedProducts.remainingDownloads,
        maxDownloads: purchasedProducts.maxDownloads,
        canDownload: sql<boolean>`(${purchasedProducts.remainingDownloads} > 0 and ${notExpired} and ${notRevoked})`,
        fileUpdatedAt: products.fileUpdatedAt,
        revokedAt: purchasedProducts.revokedAt,
        exactCreatedAt: exactTime(purchasedProducts.createdAt),
      })
      .from(purchasedProducts)
      .innerJoin(products, eq(products.id, purchasedProducts.productId));

  type PurchasedRow = Awaited<ReturnType<typeof selectPurchased>>[number];

  const purchasedView = (
    row: PurchasedRow,
    licenseKeys: PurchasedProduct['licenseKeys'],
  ): PurchasedProduct => ({
    id: row.id,
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    previewImageUrl: previewUrl(config.publicFilesUrl, row.previewImageKey),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    remainingDownloads: row.remainingDownloads,
    maxDownloads: row.maxDownloads,
    canDownload: Boolean(row.canDownload),
    fileUpdatedAt: row.fileUpdatedAt?.toISOString() ?? null,
    refunded: row.revokedAt !== null,
    licenseKeys,
  });

  /** The rows as My Downloads shows them, with their keys read for the whole page at once. */
  async function purchasedViews(userId: string, rows: PurchasedRow[]): Promise<PurchasedProduct[]> {
    const keys = await licenses.ownerKeys(
      userId,
      rows.map((row) => row.productId),
    );
    return rows.map((row) => purchasedView(row, keys.get(row.productId) ?? []));
  }

  /**
   * The user's grants newest first, one keyset page along `purchased_products_user_newest_idx`;
   * products deleted or not.
   */
  async function listPurchased(
    userId: string,
    limit: number,
    cursor?: string,
  ): Promise<Page<PurchasedProduct>> {
    const list = `purchased:${userId}`;
    const after = cursor === undefined ? null : cursors.decode(list, cursor);
    const rows = await selectPurchased()
      .where(
        and(
          eq(purchasedProducts.userId, userId),
          after ? newestAfter(purchasedProducts.createdAt, purchasedProducts.id, after) : undefined,
        ),
      )
      .orderBy(desc(purchasedProducts.createdAt), desc(purchasedProducts.id))
      .limit(limit + 1);
    const page = pageOf(
      rows,
      limit,
      (last) => cursors.encode(list, [last.exactCreatedAt, last.id]),
      (row) => row,
    );
    return { items: await purchasedViews(userId, page.items), nextCursor: page.nextCursor };
  }

  /** One product as `listPurchased` lists it; null: the user never bought it. */
  async function purchasedOne(userId: string, productId: string): Promise<PurchasedProduct | null> {
    const [row] = await selectPurchased().where(
      and(eq(purchasedProducts.userId, userId), eq(purchasedProducts.productId, productId)),
    );
    if (!row) return null;
    const [view] = await purchasedViews(userId, [row]);
    return view ?? null;
  }

  async function grantOf(userId: string, productId: string) {
    const [row] = await db
      .select({
        id: purchasedProducts.id,
        remaining: purchasedProducts.remainingDownloads,
        revoked: sql<boolean>`not ${notRevoked}`,
        expired: sql<boolean>`not ${notExpired}`,
        recent: recentlyIssued,
        lastDownloadId: purchasedProducts.lastDownloadId,
        lastIssuedAt: purchasedProducts.lastIssuedAt,
        name: products.name,
        assetKey: products.assetKey,
        fileName: products.fileName,
        contentType: products.assetContentType,
      })
      .from(purchasedProducts)
      .innerJoin(products, eq(products.id, purchasedProducts.productId))
      .where(and(eq(purchasedProducts.userId, userId), eq(purchasedProducts.productId, productId)));
    return row ?? null;
  }

  type Grant = NonNullable<Awaited<ReturnType<typeof grantOf>>> & { assetKey: string };

  /**
   * The URL of one counted download. Its expiry follows from the issue time, and so does the
   * S3 signature (signed "at" that time), so the same download always yields the same URL.
   * `direct`: the storage serves it (a presigned URL), not the api.
   */
  async function urlOf(grant: Grant, productId: string, downloadId: string, issuedAt: Date) {
    const exp = Math.floor(issuedAt.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
    const direct = await storage.directDownloadUrl(grant.assetKey, {
      fileName: fileNameOf(grant),
      expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      signedAt: new Date(Math.floor(issuedAt.getTime() / 1000) * 1000),
    });
    if (direct) return { url: direct, direct: true };
    const token = await signDownloadToken(linkKeys, {
      d: downloadId,
      p: productId,
      k: grant.assetKey,
      exp,
    });
    return { url: `${config.apiUrl}/api/files/downloads/${token}`, direct: false };
  }

  /**
   * Hands out a signed URL for an owned product. A new URL costs one download through one
   * conditional UPDATE (remaining > 0, not expired, nothing issued in the reuse window), so
   * parallel requests count at most once; the losers read the row again and either reuse the
   * URL just issued or are refused. Reuse needs downloads left: the last download is issued to
   * one request only.
   */
  async function issue(userId: string, productId: string): Promise<DownloadTicket> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const found = await grantOf(userId, productId);
      if (!found) throw notPurchased();
      if (!found.assetKey) throw new HttpError(404, 'No file to download');
      const grant = found as Grant;
      if (grant.revoked) throw refunded();
      if (grant.expired) throw new HttpError(403, 'Download expired');
      if (grant.remaining <= 0) throw new HttpError(403, 'Download limit reached');
      if (grant.recent && grant.lastDownloadId && grant.lastIssuedAt) {
        const reused = await urlOf(grant, productId, grant.lastDownloadId, grant.lastIssuedAt);
        return { downloadUrl: reused.url, remainingDownloads: grant.remaining };
      }
      if (attempt === 0 && !(await storage.exists(grant.assetKey))) {
        log.error({ productId, key: grant.assetKey }, 'the asset file of a product is missing');
        throw new HttpError(404, 'No file to download');
      }

      const downloadId = randomUUID();
      const issued = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(purchasedProducts)
          .set({
            remainingDownloads: sql`${purchasedProducts.remainingDownloads} - 1`,
            lastDownloadId: downloadId,
            lastIssuedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(purchasedProducts.id, grant.id),
              gt(purchasedProducts.remainingDownloads, 0),
              notExpired,
              notRevoked,
              sql`not ${recentlyIssued}`,
            ),
          )
          .returning({
            remaining: purchasedProducts.remainingDownloads,
            issuedAt: purchasedProducts.lastIssuedAt,
          });
        if (!row?.issuedAt) return null;
        const expiresAt = new Date(
          (Math.floor(row.issuedAt.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS) * 1000,
        );
        await tx.insert(downloads).values({
          id: downloadId,
          purchasedProductId: grant.id,
          userId,
          productId,
          issuedAt: row.issuedAt,
          expiresAt,
        });
        return { remaining: row.remaining, issuedAt: row.issuedAt };
      });
      if (issued) {
        const link = await urlOf(grant, productId, downloadId, issued.issuedAt);
        // The api never sees a presigned URL fetched: handing out a new one is the serving.
        if (link.direct) metrics.downloadsServed.inc({ via: 'storage' });
        return { downloadUrl: link.url, remainingDownloads: issued.remaining };
      }
      // Someone else changed the row in between: decide again on what is there now.
    }
    throw new Error('could not issue a download after 3 attempts');
  }

  /**
   * Checks a download token: signature, expiry (410), and that the download it names exists
   * for that very product and one of its file versions (403 otherwise). A link keeps the
   * version it was issued for: a transfer that started before an update resumes the same
   * bytes. A grant that a refund took back opens nothing (403 'Order refunded').
   */
  async function open(token: string): Promise<DownloadFile> {
    const check = await verifyDownloadToken(linkKeys, token);
    if (!check.ok) {
      if (check.reason === 'expired') throw new HttpError(410, 'Download link expired');
      throw invalidLink();
    }
    const { claims } = check;
    const [row] = await db
      .select({
        downloadId: downloads.id,
        name: products.name,
        currentKey: products.assetKey,
        currentFileName: products.fileName,
        currentType: products.assetContentType,
        currentSince: sql<Date>`coalesce(${products.fileUpdatedAt}, ${products.createdAt})`.mapWith(
          products.createdAt,
        ),
        keptFileName: productFiles.fileName,
        keptType: productFiles.contentType,
        keptSince: productFiles.createdAt,
        keptKey: productFiles.assetKey,
        revokedAt: purchasedProducts.revokedAt,
      })
      .from(downloads)
      .innerJoin(products, eq(products.id, downloads.productId))
      .innerJoin(purchasedProducts, eq(purchasedProducts.id, downloads.purchasedProductId))
      .leftJoin(
        productFiles,
        and(eq(productFiles.productId, downloads.productId), eq(productFiles.assetKey, claims.k)),
      )
      .where(and(eq(downloads.id, claims.d), eq(downloads.productId, claims.p)));
    if (!row) throw invalidLink();
    if (row.revokedAt) throw refunded();
    const file =
      row.currentKey === claims.k
        ? {
            key: row.currentKey,
            fileName: row.currentFileName,
            contentType: row.currentType,
            since: row.currentSince,
          }
        : row.keptKey
          ? {
              key: row.keptKey,
              fileName: row.keptFileName,
              contentType: row.keptType,
              since: row.keptSince ?? row.currentSince,
            }
          : null;
    if (!file) throw invalidLink();
    const contentType =
      file.contentType && MEDIA_TYPE.test(file.contentType)
        ? file.contentType
        : 'application/octet-stream';
    return {
      downloadId: row.downloadId,
      key: file.key,
      fileName: fileNameOf({
        name: row.name,
        fileName: file.fileName,
        contentType: file.contentType,
      }),
      contentType,
      etag: `"${createHash('sha256').update(file.key).digest('base64url').slice(0, 27)}"`,
      uploadedAt: file.since,
    };
  }

  /** One more file response served for a download. */
  async function countFetch(downloadId: string): Promise<void> {
    await db
      .update(downloads)
      .set({ fetchCount: sql`${downloads.fetchCount} + 1`, lastFetchedAt: sql`now()` })
      .where(eq(downloads.id, downloadId));
    metrics.downloadsServed.inc({ via: 'api' });
  }

  return { listPurchased, purchasedOne, issue, open, countFetch };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
