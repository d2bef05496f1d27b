/**
 * Every HTTP request counts against its client address's allowance per minute
 * (rate-limiter-flexible through `PerAddressLimit`, the same as the socket limits: in
 * Redis across every process in a cluster, in memory otherwise). The client's files under
 * /assets/ have an allowance of their own, a larger one: a first visit fetches a few at
 * once, and a household behind one address may open the page on every device. socket.io's
 * requests never reach fastify; its handshakes have the connection limit.
 *
 * Over the allowance: 429, `Retry-After` in whole seconds, and a body that says so.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { addressKey, clientAddress, PerAddressLimit } from '../transport/address-limits.ts';
import type { ErrorBody } from './errors.ts';

export interface RequestLimits {
  /** Pages, the API, health and metrics: requests per address per minute; 0: no limit. */
  requestsPerMinute: number;
  /** Files under /assets/: requests per address per minute; 0: no limit. */
  assetRequestsPerMinute: number;
  /** The client's address is the last X-Forwarded-For entry (behind a proxy of our own). */
  trustProxy: boolean;
}

export function registerRequestLimits(
  app: FastifyInstance,
  limits: RequestLimits,
  redis?: { client: Redis; prefix: string },
): void {
  const shared = (name: string) => redis && { redis: redis.client, prefix: redis.prefix, name };
  const requests = new PerAddressLimit(limits.requestsPerMinute, shared('http'));
  const assets = new PerAddressLimit(limits.assetRequestsPerMinute, shared('http-assets'));
  app.addHook('onRequest', async (request, reply) => {
    const address = addressKey(
      clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], limits.trustProxy),
    );
    const limit = request.url.startsWith('/assets/') ? assets : requests;
    let waitMs: number;
    try {
      waitMs = await limit.wait(address);
    } catch (error) {
      // The limiter itself failed (it falls back to memory while Redis is down): serve.
      request.log.error({ err: error }, 'the request limit could not be checked');
      return;
    }
    if (waitMs === 0) return;
    if (limit.shouldWarn(address)) request.log.warn({ address }, 'too many requests: refusing');
    const seconds = Math.ceil(waitMs / 1000);
    return reply
      .code(429)
      .header('retry-after', String(seconds))
      .send({
        code: 'rate-limited',
        message: `Too many requests from your address: try again in ${seconds} s`,
      } satisfies ErrorBody);
  });
}
