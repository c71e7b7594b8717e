import type { FastifyError, FastifyInstance } from 'fastify';
import { UesError, UesValidationError } from '../core/errors.js';
import type { LoggedRequest } from './access-logging.js';

/**
 * The one place errors become HTTP responses. Caller mistakes are 4xx with a JSON body naming the
 * problem (UES port decision e); 5xx is left for genuine faults.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    (request as LoggedRequest).uesErrorDetail = error.message;
    if (error instanceof UesError) {
      if (error.status === 401) reply.header('WWW-Authenticate', 'ApiKey');
      return reply.code(error.status).send({ detail: error.detail });
    }
    if (error instanceof UesValidationError) {
      return reply.code(422).send({ error: 'Validation Error', detail: error.issues });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(422).send({
        error: 'Validation Error',
        detail: [{ loc: ['body'], msg: error.message, type: 'json_invalid' }],
      });
    }
    const status = fastifyError.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      error: 'Internal Server Error',
      detail: 'An unexpected error occurred',
      type: error.name,
    });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}

/**
 * JSON bodies: an empty body is "no body" (several routes take an optional one) and text that is
 * not JSON is a 422 validation error, never a 500. Other content types are read as JSON too,
 * because clients in the wild forget the header.
 */
export function installJsonParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = (body: string): unknown => {
    if (body.trim() === '') return undefined;
    try {
      return JSON.parse(body);
    } catch (cause) {
      throw new UesValidationError([
        { loc: ['body'], msg: `JSON decode error: ${(cause as Error).message}`, type: 'json_invalid' },
      ]);
    }
  };
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
