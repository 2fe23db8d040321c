import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, isUnstorableText } from '../lib/http-error.ts';
import { appWide } from '../lib/plugin.ts';
import { isServiceOutage, OUTAGE_MESSAGE } from '../lib/service-outage.ts';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export default appWide(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    if (error.validation) {
      const fields = validationFields(error);
      const first = Object.entries(fields)[0];
      const message = first && first[0] !== 'body' ? first[1] : 'Invalid request';
      return reply.code(400).send({ message, fields });
    }
    if (isUnstorableText(error)) {
      return reply.code(400).send({ message: 'Text must not contain NUL characters' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        (error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message);
      return reply.code(status).send({ message, code: error.code });
    }
    if (status >= 500 && isServiceOutage(error)) {
      // A database restart or network cut: the same request may well work in a moment.
      request.log.warn({ err: error }, 'request failed: a backing service is unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: OUTAGE_MESSAGE, requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(status >= 500 ? status : 500)
      .send({ message: 'Internal server error', requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
