export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Extra headers by name (the update mails' `List-Unsubscribe`); nodemailer writes them, the
   * outbox keeps them.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether mail can go out now (readiness); rejects otherwise. */
  probe?(): Promise<void>;
  close?(): Promise<void>;
}

export interface OutboxEntry extends MailMessage {
  links: string[];
  createdAt: string;
}

export function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}
