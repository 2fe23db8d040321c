import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type TrackedSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * A graceful stop for an instance behind a load balancer. Fastify's own `close()` answers a
 * request arriving on an open keep-alive connection with 503, which the client counts as a
 * failure. Draining first stops accepting connections, answers everything that still arrives
 * as usual but with `Connection: close` (the client takes its next request elsewhere), and
 * resolves once every connection is gone, so Fastify's close then finds none left.
 *
 * Call it before `listen`: it tracks the server's sockets from the start.
 */
export function connectionDrainer(server: Server) {
  const sockets = new Set<TrackedSocket>();
  let draining = false;

  server.on('connection', (socket: TrackedSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
  });

  /** Resolves true when all connections ended in time, false when the rest had to be cut. */
  return function drain(timeoutMs: number): Promise<boolean> {
    draining = true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        resolve(false);
      }, timeoutMs);
      // Stops listening and closes the idle keep-alive connections at once.
      server.close(() => {
        clearTimeout(timer);
        resolve(true);
      });
      for (const socket of sockets) {
        // The response a busy connection is producing (Node's own link, as used by
        // http-terminator); idle sockets have none and were closed above.
        const response = socket._httpMessage;
        if (!response) continue;
        if (!response.headersSent) response.setHeader('connection', 'close');
        // Already streaming with keep-alive: close the connection as soon as it turns idle.
        else response.once('finish', () => setImmediate(() => server.closeIdleConnections()));
      }
    });
  };
}
