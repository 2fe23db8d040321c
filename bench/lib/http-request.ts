import http from 'node:http';

/**
 * The load generator shares the machine's two cores with the api and its database, so its own
 * cost per request lowers every server figure it reports. Global `fetch` (undici's WHATWG
 * streams) spent about 1 ms of CPU per request here, as much as PostgreSQL did per purchase;
 * `node:http` on a keep-alive agent costs a fraction of that. The answer is still a standard
 * `Response`, so callers read it as they would fetch's.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface HttpRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A kept-alive socket the server had closed: the request never reached it. */
class StaleSocketError extends Error {}

function send(url: string, { method, headers = {}, body }: HttpRequest) {
  return new Promise<Response>((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answerHeaders = new Headers();
        const raw = incoming.rawHeaders;
        for (let index = 0; index < raw.length; index += 2) {
          answerHeaders.append(raw[index]!, raw[index + 1]!);
        }
        const status = incoming.statusCode ?? 0;
        // A Response may not carry a body with these statuses, even an empty one.
        const bodyless = status === 204 || status === 205 || status === 304;
        resolve(
          new Response(bodyless ? null : Buffer.concat(chunks), {
            status,
            headers: answerHeaders,
          }),
        );
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && error.code === 'ECONNRESET';
      reject(stale ? new StaleSocketError(error.message, { cause: error }) : error);
    });
    outgoing.end(body);
  });
}

/**
 * The server may close an idle kept-alive socket just as a request goes out on it; that request
 * was never read, so it is sent once more on a new socket (what fetch does by itself).
 */
export async function request(url: string, options: HttpRequest): Promise<Response> {
  try {
    return await send(url, options);
  } catch (error) {
    if (error instanceof StaleSocketError) return send(url, options);
    throw error;
  }
}
