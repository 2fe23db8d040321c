import type { StorageConfig } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalStorage(config.dir);
}

export type { FileStorage } from './storage.ts';
