import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

const TIMEOUTS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout'] as const;

/**
 * nodemailer waits up to 2 minutes for a connection and 10 for a silent socket; a relay that
 * accepts and then hangs would hold a sign-up that long. Settings already in the URL win.
 */
function withTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const key of TIMEOUTS) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(timeoutMs));
  }
  return url.toString();
}

export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;

  private readonly from: string;

  constructor(smtpUrl: string, from: string, timeoutMs = 10_000) {
    this.from = from;
    this.transport = nodemailer.createTransport(withTimeouts(smtpUrl, timeoutMs));
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  // Connects, greets and authenticates, then quits: no mail is sent.
  async probe(): Promise<void> {
    await this.transport.verify();
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
