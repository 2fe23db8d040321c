import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One line per request instead of Fastify's two ("incoming request" + "request completed"):
 * the finished line carries the request too (same serializers and redaction), so nothing is
 * lost but a separate line for requests that never finish (a crash mid-request still shows
 * in the error lines). Errors, 404s and stream failures keep Fastify's own lines.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
