import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { OutboxMailer } from '../../../src/infrastructure/mail/outbox.ts';
import { verificationMail } from '../../../src/infrastructure/mail/templates.ts';

describe('outbox mailer', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
  after(() => rm(root, { recursive: true, force: true }));

  it('makes its folder on the first message and lists every message', async () => {
    const dir = path.join(root, 'first', 'outbox');
    const mailer = new OutboxMailer(dir);
    await mailer.send(
      verificationMail('ana@example.test', 'Ana', 'http://localhost/verify-email/a'),
    );
    await mailer.send(verificationMail('bo@example.test', 'Bo', 'http://localhost/verify-email/b'));
    const listed = await mailer.list();
    assert.deepEqual(listed.map((entry) => entry.to).sort(), [
      'ana@example.test',
      'bo@example.test',
    ]);
    assert.deepEqual(listed.find((entry) => entry.to === 'bo@example.test')?.links, [
      'http://localhost/verify-email/b',
    ]);
    // Only finished messages: no `.partial` file is left behind.
    assert.deepEqual(
      (await readdir(dir)).filter((name) => !name.endsWith('.json')),
      [],
    );
  });

  it('makes the folder again when it was removed after a message', async () => {
    const dir = path.join(root, 'removed', 'outbox');
    const mailer = new OutboxMailer(dir);
    await mailer.send(verificationMail('cy@example.test', 'Cy', 'http://localhost/verify-email/c'));
    await rm(dir, { recursive: true });
    await mailer.send(verificationMail('di@example.test', 'Di', 'http://localhost/verify-email/d'));
    assert.deepEqual(
      (await mailer.list()).map((entry) => entry.to),
      ['di@example.test'],
    );
  });
});
