import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiError, errorCodes } from '#shared/api/errors.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError } from '../errors.ts';

const plainMessages: Partial<Record<number, string>> = {
  400: 'The request could not be understood.',
  404: 'Not found.',
  413: 'The request is too large.',
  415: 'This content type is not accepted.',
  429: 'Too many requests. Please try again later.',
  500: 'Something went wrong on our side. Please try again later.',
  503: 'The service is not available right now. Please try again later.',
};
const genericClientError = 'The request could not be understood.';
const genericServerError = 'Something went wrong on our side. Please try again later.';

function messageFor(status: number): string {
  return plainMessages[status] ?? (status < 500 ? genericClientError : genericServerError);
}

/** Turns every failure into the one JSON error shape; never leaks a stack or internal detail. */
function toApiError(error: FastifyError | AppError): ApiError {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, fields: error.fields };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // A body that is not an object at all gets plain words, not the validator's.
      if (!name)
        return { statusCode: 400, code: 'INVALID_INPUT', message: 'The request body must be a JSON object.' };
      fields[name] ??= issue.message ?? 'Invalid value';
    }
    const first = Object.values(fields)[0];
    return { statusCode: 400, code: 'INVALID_INPUT', message: first ?? genericClientError, fields };
  }
  if (isDatabaseUnavailable(error)) return { statusCode: 503, code: 'UNAVAILABLE', message: messageFor(503) };
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  const code = errorCodes[status as keyof typeof errorCodes] ?? (status < 500 ? 'INVALID_INPUT' : 'INTERNAL');
  return {
    statusCode: status,
    code,
    message: messageFor(status),
  };
}

/** Where machines ask (the API, stored files, status lists, brand images, well-known files): never a page. */
const MACHINE_PATHS = /^\/(?:api|files|status|brand-images|\.well-known)(?:\/|$|\?)/;

/** A request a page answers when nothing else does: a GET for a person, not a machine. */
const wantsPage = (request: FastifyRequest) => request.method === 'GET' && !MACHINE_PATHS.test(request.url);

/**
 * The router's own refusals, which never reach the error handler: a badly percent-encoded URL (400)
 * and a path parameter longer than the router allows (Fastify says 414). No id or key of ours is that
 * long, so the latter is the unknown resource it names: 404, like any other unknown id, and for a
 * page's address (a mangled record link) the "Page not found" page.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' && wantsPage(request))
    return request.server.serveClient(request, reply);
  const body: ApiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { statusCode: 404, code: 'NOT_FOUND', message: messageFor(404) }
      : { statusCode: 400, code: 'INVALID_INPUT', message: 'The address is not valid.' };
  return reply.code(body.statusCode).send(body);
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toApiError(error);
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(body.statusCode).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiError = { statusCode: 404, code: 'NOT_FOUND', message: messageFor(404) };
      return wantsPage(request) ? app.serveClient(request, reply) : reply.code(404).send(body);
    });
  },
  { name: 'error-handler', dependencies: ['client'] },
);
