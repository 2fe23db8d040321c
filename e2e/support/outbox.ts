export interface OutboxMessage {
  to: string | string[];
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

export type MailLinkKind = 'verify-email' | 'reset-password';

const POLL_INTERVAL_MS = 200;

function addressedTo(message: OutboxMessage, email: string): boolean {
  const recipients = Array.isArray(message.to) ? message.to : [message.to];
  const wanted = email.trim().toLowerCase();
  return recipients.some((recipient) => recipient.toLowerCase().includes(wanted));
}

export async function readOutbox(apiUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${apiUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/**
 * Polls the dev outbox (newest first) for a mail to `email` holding a `/verify-email/` or
 * `/reset-password/` link. `after` skips mails created before a moment, so a second reset or a
 * resent verification is not confused with an older one.
 */
export async function waitForMailLink(
  apiUrl: string,
  email: string,
  kind: MailLinkKind,
  { after = 0, timeoutMs = 15_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const pattern = new RegExp(`/${kind}/[^/?#\\s]+`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const message of await readOutbox(apiUrl)) {
      if (!addressedTo(message, email) || Date.parse(message.createdAt) < after) continue;
      const link = message.links.find((candidate) => pattern.test(candidate));
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`No /${kind}/ mail to ${email} reached the dev outbox within ${timeoutMs} ms`);
}

/** Polls the dev outbox for a mail to `email` whose subject holds `subject`. */
export async function waitForMail(
  apiUrl: string,
  email: string,
  subject: string,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readOutbox(apiUrl)).find(
      (message) => addressedTo(message, email) && message.subject.includes(subject),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`No mail to ${email} about "${subject}" reached the outbox in ${timeoutMs} ms`);
}
