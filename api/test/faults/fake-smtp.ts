import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The text of a received message with quoted-printable soft breaks and escapes undone. */
export function decodedText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A mail relay on one fixed port that a test can take down and bring back: `up` (an SMTP
 * server that accepts everything), `hung` (accepts connections and never greets, like an
 * overloaded relay) or `down` (nothing listens: connection refused).
 */
export async function startFakeSmtp() {
  const received: ReceivedMail[] = [];
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  let stopCurrent: (() => Promise<void>) | null = null;

  async function set(state: 'up' | 'hung' | 'down') {
    await stopCurrent?.();
    stopCurrent = null;
    if (state === 'down') return;
    if (state === 'hung') {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.once('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
      stopCurrent = () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        });
      return;
    }
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    stopCurrent = () => new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    set,
    close: () => set('down'),
  };
}
