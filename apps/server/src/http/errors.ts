/**
 * How every HTTP error leaves the server. A client is told what it did wrong (400, 404,
 * 409, ...) in our own words, never the text of whatever failed inside: a database
 * driver's message, a source path or a stack trace tell an attacker more than a user.
 * Anything unexpected is a 500 that carries only a request id; the detail goes to the
 * server's log under that id, where the person running the server can find it.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** An error meant for the client: its status, code and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  code: string;
  message: string;
}

export interface InternalErrorBody {
  code: 'internal-error';
  requestId: string;
}

/**
 * Parses a part of the request (params, query) with its schema, or throws a 400 that
 * names what the client sent wrong (`what`), never the schema's inner workings.
 */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown, code: string, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, code, `Malformed ${what}`);
}

/** A 4xx that fastify itself raises (a bad body, an unsupported media type, a bad URL). */
function isClientError(error: FastifyError): boolean {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .send({ code: error.code, message: error.message } satisfies ErrorBody);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation !== undefined) {
    return reply.code(400).send({ code: 'bad-request', message: 'Malformed request' } satisfies ErrorBody);
  }
  if (isClientError(fastifyError)) {
    // Fastify's own wording can quote the parser or the request back: say only the status.
    const status = fastifyError.statusCode!;
    request.log.debug({ err: error }, 'request refused');
    return reply
      .code(status)
      .send({ code: 'bad-request', message: STATUS_CODES[status] ?? 'Bad request' } satisfies ErrorBody);
  }
  // The request's logger stamps the line with its reqId: the id the client was given.
  request.log.error({ err: error, url: request.url }, 'request failed');
  return reply.code(500).send({ code: 'internal-error', requestId: request.id } satisfies InternalErrorBody);
}

/** Every route of `app` (and of the plugins it registers) answers errors through `sendError`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
}
