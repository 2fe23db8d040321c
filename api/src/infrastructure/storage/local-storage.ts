import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  assertSafeKey,
  clampRange,
  contentTypeFor,
  type ByteRange,
  type DownloadUrlOptions,
  type FileStorage,
  type StoredObject,
} from './storage.ts';

/**
 * Files under one folder, one file per key. The content type follows the key's extension
 * (keys are generated with the right one); writes go through a temp file and a rename, so a
 * reader never sees half a file.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;

  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const target = path.resolve(this.root, key);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Storage key escapes the folder: ${key}`);
    }
    return target;
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await fsp.writeFile(partial, bytes);
      await fsp.rename(partial, target);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    let size: number;
    try {
      const stat = await fsp.stat(target);
      if (!stat.isFile()) return null;
      size = stat.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const { start, end } = clampRange(size, range);
    const body =
      size === 0 ? fs.createReadStream(target) : fs.createReadStream(target, { start, end });
    return { body, contentType: contentTypeFor(key), size, start, end };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async directDownloadUrl(_key: string, _options: DownloadUrlOptions): Promise<string | null> {
    return null;
  }

  // The folder appears with the first upload; a read-only mount fails access() with EROFS.
  async probe(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {}
}
