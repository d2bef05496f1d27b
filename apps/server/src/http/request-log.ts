/**
 * Fastify's log lines about requests, quieter: it writes two info lines per request
 * ("incoming request", "request completed"), so a running server logged every health and
 * readiness poll. Here each request is one line at debug level (LOG_LEVEL=debug shows
 * them), a request that failed while its answer was sent is still an error, and a route
 * that is not found is debug too. Everything else stays as fastify has it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
  }
}
