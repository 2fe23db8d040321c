import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One line per request instead of Fastify's two ("incoming request" + "request completed"):
 * the finished line carries the request too (same serializers and redaction), so nothing is
 * lost but a separate line for requests that never finish (a crash mid-request still shows
 * in the error lines). Errors, 404s and stream failures keep Fastify's own lines.
 *
 * The line: `reqId` (also the `X-Request-Id` answered), `req` (method, redacted URL, client
 * address), `route`, `userId` where the call was signed in, `res.statusCode` and
 * `responseTime` in milliseconds.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      res: reply,
      // The pattern groups a route's lines; the URL (redacted) says which call it was.
      route: request.routeOptions.url,
      // Set by the auth guard on signed-in routes: no lookup of its own.
      userId: request.viewer?.user.id,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
