/**
 * `/metrics` is for the operator's scraper, not the public: table and socket counts and the
 * process's internals are nobody else's business. Without a token set
 * (`KIBITZ_METRICS_TOKEN`) the route answers as if it did not exist (404); with one, only
 * `Authorization: Bearer <token>` is let through (401 otherwise). The token is compared in
 * constant time, over digests of equal length, so neither its content nor its length leaks
 * through the time a refusal takes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../http/errors.ts';

export interface MetricsRouteOptions {
  /** Unset: /metrics is a 404. */
  token: string | undefined;
  /** The scrape's text, or null while the server is starting up. */
  render(): Promise<{ contentType: string; body: string } | null>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header ?? '');
  // Hashed either way, so a missing header costs what a wrong one does.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export function registerMetricsRoute(app: FastifyInstance, options: MetricsRouteOptions): void {
  app.get('/metrics', async (request, reply) => {
    const { token } = options;
    if (token === undefined) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'unauthorized', message: 'Metrics need their bearer token' } satisfies ErrorBody);
    }
    const scrape = await options.render();
    if (scrape === null) return reply.code(503).send({ ok: false, reason: 'starting up' });
    return reply.type(scrape.contentType).send(scrape.body);
  });
}
