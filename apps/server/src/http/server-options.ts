/**
 * The fastify options the HTTP side owns, spread into the app's constructor: requests
 * logged quietly (request-log.ts), and the errors fastify raises before any route runs (a
 * URL whose percent-encoding is broken, say) answered like every other error (errors.ts)
 * instead of in fastify's own words, which quote the request back.
 */
import type { FastifyServerOptions } from 'fastify';
import { sendError } from './errors.ts';
import { RequestLog } from './request-log.ts';

export function httpServerOptions(): Pick<FastifyServerOptions, 'logController' | 'frameworkErrors'> {
  return {
    logController: new RequestLog(),
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, error);
    },
  };
}
