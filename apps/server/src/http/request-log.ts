/**
 * One log line per HTTP request, at debug level: with the default level (info) a running
 * server stays quiet about requests (health and readiness polls included), and
 * LOG_LEVEL=debug shows each of them when someone needs to look. Fastify's own request
 * logging (two info lines per request) is turned off where the app is built.
 */
import type { FastifyInstance } from 'fastify';

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
