import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

const ANSWERS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: it has a malformed %-escape.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long.'],
};

/**
 * Fastify's router refuses some URLs before any hook runs (a malformed percent-escape, a path
 * parameter over maxParamLength). Its own answers echo the path back and carry none of the
 * headers every other answer has; these get the api's error shape and the same headers.
 */
export function routerRefusal(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, message] = ANSWERS[error.code] ?? [
      error.statusCode ?? 400,
      'The request could not be routed.',
    ];
    void reply.headers(headers).header('x-request-id', request.id).code(status).send({ message });
  };
}
