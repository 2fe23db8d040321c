import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from '../../../src/infrastructure/mail/smtp.ts';
import { productUpdateMail, verificationMail } from '../../../src/infrastructure/mail/templates.ts';

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

  it("sends an update mail's one-click unsubscribe headers (RFC 8058)", async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Store <no-reply@store.test>');
    const optOutLink = 'http://localhost:5000/api/account/update-mails/opt-out/abc.def.ghi';
    await mailer.send(
      productUpdateMail('sam@example.test', 'Sam', {
        productName: 'Brush Pack',
        note: 'New brushes',
        downloadsLink: 'http://localhost:3000/orders',
        optOutLink,
      }),
    );
    await mailer.close();
    // Long headers are folded onto the next line: unfolded, as a reader of the mail sees them.
    const raw = received.at(-1)!.raw.replace(/\r?\n[ \t]+/g, ' ');
    assert.match(raw, /Subject: An update to Brush Pack is ready/);
    assert.ok(raw.includes(`List-Unsubscribe: <${optOutLink}>`), raw);
    assert.match(raw, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  });
});
