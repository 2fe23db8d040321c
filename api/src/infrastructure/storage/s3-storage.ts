import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from '../../lib/file-name.ts';
import {
  assertSafeKey,
  type ByteRange,
  type DownloadUrlOptions,
  type FileStorage,
  type StoredObject,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.$metadata.httpStatusCode === 404 ||
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound'
  );
}

function isUnsatisfiableRange(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416;
}

/** S3 or an S3-compatible store (MinIO, R2, ...): path-style addressing, checksums only when required. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeKey(key);
    const header = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: header }),
      );
      const length = Number(result.ContentLength ?? 0);
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange ?? '');
      const [start, end, size] = match
        ? [Number(match[1]), Number(match[2]), Number(match[3])]
        : [0, Math.max(length - 1, 0), length];
      return {
        body: result.Body as Readable,
        contentType: result.ContentType ?? 'application/octet-stream',
        size,
        start,
        end,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      // Asked past the end: answer the whole object, like the local storage's clamping.
      if (range && isUnsatisfiableRange(error)) return this.get(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async directDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertSafeKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(options.fileName),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      ...(options.signedAt ? { signingDate: options.signedAt } : {}),
    });
  }

  async probe(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: signal,
    });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
