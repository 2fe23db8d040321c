import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const UPSTREAM_HEADER = 'x-upstream';

export interface RoundRobinProxy {
  url: string;
  /** Requests answered per upstream (by index), the proxy's own 502s included. */
  readonly answered: number[];
  close(): Promise<void>;
}

/** Nothing reached the upstream: safe to try the next one, whatever the method. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Methods nginx passes to the next upstream after any error before an answer. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

function upstreamHeaders(request: http.IncomingMessage, body: Buffer): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...request.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress];
  headers['x-forwarded-for'] = forwardedFor.filter(Boolean).join(', ');
  headers['content-length'] = String(body.length);
  headers.connection = 'close';
  return headers;
}

function retryable(method: string, error: NodeJS.ErrnoException): boolean {
  return NOT_CONNECTED.has(error.code ?? '') || IDEMPOTENT.has(method);
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * A load balancer as nginx's default `proxy_pass` with `proxy_next_upstream error` behaves:
 * each request goes to the next upstream in turn on a fresh connection, with
 * `X-Forwarded-For`. An upstream that refuses the connection is skipped (the request never
 * left); one that fails after accepting it is skipped for idempotent methods and gets any
 * other request a 502. The answer names its upstream in `x-upstream`, so tests can see where
 * each request landed.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const answered = upstreams.map(() => 0);
  let next = 0;

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    index: number,
  ): Promise<{ response: http.IncomingMessage } | { error: NodeJS.ErrnoException }> =>
    new Promise((resolve) => {
      const target = new URL(request.url ?? '/', upstreams[index]);
      const upstream = http.request(target, {
        method: request.method,
        agent: false,
        headers: upstreamHeaders(request, body),
      });
      upstream.once('response', (response) => resolve({ response }));
      // Also after the answer began (then the promise is settled and the body stream fails).
      upstream.on('error', (error: NodeJS.ErrnoException) => resolve({ error }));
      upstream.end(body);
    });

  const server = http.createServer(async (request, response) => {
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      return void response.destroy();
    }
    const first = next;
    next = (next + 1) % upstreams.length;
    for (let attempt = 0; attempt < upstreams.length; attempt += 1) {
      const index = (first + attempt) % upstreams.length;
      const outcome = await forward(request, body, index);
      if ('error' in outcome && retryable(request.method ?? 'GET', outcome.error)) continue;
      answered[index]! += 1;
      if ('error' in outcome) {
        response.writeHead(502, { 'content-type': 'application/json', [UPSTREAM_HEADER]: index });
        response.end(JSON.stringify({ message: `upstream ${index}: ${outcome.error.code}` }));
        return;
      }
      const upstream = outcome.response;
      const headers = { ...upstream.headers, [UPSTREAM_HEADER]: String(index) };
      delete headers.connection;
      response.writeHead(upstream.statusCode ?? 502, headers);
      upstream.on('error', () => response.destroy());
      upstream.pipe(response);
      return;
    }
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'no upstream accepted the connection' }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
