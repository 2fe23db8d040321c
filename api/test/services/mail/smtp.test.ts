import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from '../../../src/infrastructure/mail/smtp.ts';
import { verificationMail } from '../../../src/infrastructure/mail/templates.ts';

describe('SMTP mailer', () => {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  let port = 0;

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with its link through SMTP_URL', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Store <no-reply@store.test>');
    const link = 'http://localhost:3000/verify-email/abc123';
    await mailer.send(verificationMail('sam@example.test', 'Sam', link));
    await mailer.close();
    assert.equal(received.length, 1);
    assert.deepEqual(received[0]!.to, ['sam@example.test']);
    assert.match(received[0]!.raw, /Subject: Verify your email address/);
    assert.match(received[0]!.raw, /verify-email\/abc123/);
  });
});
