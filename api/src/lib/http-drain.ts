import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
  /** Each open connection, with the response it is producing (null while idle). */
  const sockets = new Map<Socket, ServerResponse | null>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, null);
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (request, response) => {
    if (draining) response.setHeader('connection', 'close');
    const { socket } = request;
    sockets.set(socket, response);
    response.once('finish', () => {
      if (sockets.get(socket) === response) sockets.set(socket, null);
    });
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
      // Idle connections have no response and were closed above.
      for (const response of sockets.values()) {
        if (!response) continue;
        if (!response.headersSent) response.setHeader('connection', 'close');
        // Already streaming with keep-alive: close the connection as soon as it turns idle.
        else response.once('finish', () => setImmediate(() => server.closeIdleConnections()));
      }
    });
  };
}
