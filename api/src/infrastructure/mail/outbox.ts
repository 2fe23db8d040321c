import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { extractLinks, type MailMessage, type Mailer, type OutboxEntry } from './mailer.ts';

/** Development mail: one JSON file per message, readable through GET /api/dev/outbox. */
export class OutboxMailer implements Mailer {
  private readonly dir: string;
  private readonly log: FastifyBaseLogger | undefined;

  constructor(dir: string, log?: FastifyBaseLogger) {
    this.dir = dir;
    this.log = log;
  }

  async send(message: MailMessage): Promise<void> {
    const entry: OutboxEntry = {
      ...message,
      links: extractLinks(message.text),
      createdAt: new Date().toISOString(),
    };
    // The timestamp prefix keeps file names sortable by creation time.
    const name = `${entry.createdAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    // Written aside and renamed, so a listing (by another instance sharing the folder, too)
    // never reads half a message.
    const partial = path.join(this.dir, `${name}.partial`);
    const text = JSON.stringify(entry, null, 2);
    try {
      await fs.writeFile(partial, text);
    } catch (error) {
      // The folder is made on the first message, and again should someone remove it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(partial, text);
    }
    await fs.rename(partial, path.join(this.dir, name));
    this.log?.info({ to: entry.to, links: entry.links }, `outbox: ${entry.subject}`);
  }

  async probe(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.access(this.dir, fsConstants.W_OK);
  }

  async list(): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = (await fs.readdir(this.dir)).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries = await Promise.all(
      names.map(async (name) => {
        const raw = await fs.readFile(path.join(this.dir, name), 'utf8');
        return { name, entry: JSON.parse(raw) as OutboxEntry };
      }),
    );
    return entries
      .sort((a, b) => b.name.localeCompare(a.name))
      .map(({ entry }) => ({
        to: entry.to,
        subject: entry.subject,
        text: entry.text,
        ...(entry.headers && { headers: entry.headers }),
        links: entry.links,
        createdAt: entry.createdAt,
      }));
  }
}
