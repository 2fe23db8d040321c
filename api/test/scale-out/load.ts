import http from 'node:http';
import net from 'node:net';

/**
 * The timeout of a suite that starts api processes: only a guard against a hang. On a host
 * starved by CI's other stages one such suite took over 150 s; it takes 35 s on an idle one.
 */
export const PROCESS_SUITE_TIMEOUT_MS = 600_000;

/** Runs `task` over `items` with at most `concurrency` in flight; results keep the input order. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Fisher-Yates with Math.random: the order only has to mix sessions over instances. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TrafficAnswer {
  status: number;
  upstream: number;
  /** What was asked, and the error when no answer came (status 0). */
  detail: string;
  startedAt: number;
  endedAt: number;
}

/**
 * Keeps `workers` loops sending requests until `stop()` (or `maxMs`, so a failed test cannot
 * leave them running); every answer is kept with the time it was asked and answered. A request
 * that throws counts as status 0. `maxMs` is only that guard: a restart on a host starved by CI's
 * other stages can take a minute.
 */
export function steadyTraffic(
  workers: number,
  send: (worker: number, round: number) => Promise<Omit<TrafficAnswer, 'startedAt' | 'endedAt'>>,
  maxMs = 300_000,
) {
  const answers: TrafficAnswer[] = [];
  const deadline = Date.now() + maxMs;
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let round = 0; running && Date.now() < deadline; round += 1) {
      const startedAt = Date.now();
      try {
        const answer = await send(worker, round);
        answers.push({ ...answer, startedAt, endedAt: Date.now() });
      } catch (error) {
        const endedAt = Date.now();
        answers.push({ status: 0, upstream: -1, detail: String(error), startedAt, endedAt });
        await sleep(50);
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/**
 * Resolves once a connection to `port` is refused: a stopping process closes its listener as soon
 * as it handles the signal, which a busy host may delay well past any fixed pause. Resolves with
 * the last outcome after `maxMs` ('connected' while it still listens).
 */
export async function refusedConnection(port: number, maxMs = 60_000): Promise<string> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    // A connection that reached the backlog as the listener closed is reset: still closing.
    const closing = outcome === 'connected' || outcome === 'ECONNRESET';
    if (!closing || Date.now() > deadline) return outcome;
    await sleep(50);
  }
}

export interface InFlightAnswer {
  status: number;
  connection: string;
  text: string;
}

/**
 * Starts a request on a keep-alive connection and sends the first `sentFirst` characters of its
 * body. It resolves once the server has read the headers (it answers `100 Continue`): from then
 * on the request is the server's, not a connection waiting in the listen backlog that closing the
 * listener would reset. `finish` sends the rest and resolves with the whole answer.
 */
export async function requestInFlight(
  url: string,
  options: { method: string; headers: Record<string, string>; body: string; sentFirst: number },
): Promise<{ finish(): Promise<InFlightAnswer> }> {
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(url, {
    method: options.method,
    agent,
    headers: {
      ...options.headers,
      'content-length': Buffer.byteLength(options.body),
      expect: '100-continue',
    },
  });
  const answered = new Promise<InFlightAnswer>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: String(response.headers.connection),
          text,
        }),
      );
    });
  });
  const received = new Promise<void>((resolve, reject) => {
    request.once('continue', resolve);
    request.once('error', reject);
  });
  request.flushHeaders();
  await received;
  request.write(options.body.slice(0, options.sentFirst));
  return {
    async finish() {
      request.end(options.body.slice(options.sentFirst));
      try {
        return await answered;
      } finally {
        agent.destroy();
      }
    },
  };
}
