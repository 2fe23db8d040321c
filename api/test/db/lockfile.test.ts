import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { acquireLock } from '../../src/db/lockfile.ts';

describe('embedded database lockfile', () => {
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-')), 'pglite');

  it('refuses a folder held by a live process and frees it on release', () => {
    fs.writeFileSync(`${folder}.lock`, String(process.ppid));
    assert.throws(() => acquireLock(folder), /in use by process/);
    fs.rmSync(`${folder}.lock`);
    const release = acquireLock(folder);
    assert.equal(fs.readFileSync(`${folder}.lock`, 'utf8'), String(process.pid));
    release();
    assert.equal(fs.existsSync(`${folder}.lock`), false);
  });

  it('takes over a lock left by a dead process', () => {
    fs.writeFileSync(`${folder}.lock`, '999999999');
    const release = acquireLock(folder);
    release();
  });
});
