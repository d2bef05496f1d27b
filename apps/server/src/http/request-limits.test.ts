/**
 * The per-address limit on every HTTP route: a server with small allowances, the client's
 * files counted apart, addresses apart behind a trusted proxy, and (with TEST_REDIS_URL)
 * two processes sharing one count in Redis.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RequestLimits, registerRequestLimits } from './request-limits.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

const apps: FastifyInstance[] = [];

async function server(limits: RequestLimits, redis?: { client: Redis; prefix: string }) {
  const app = Fastify({ logger: false });
  registerRequestLimits(app, limits, redis);
  app.get('/api/tables', async () => ({ tables: [] }));
  app.get('/assets/*', async () => 'file');
  apps.push(app);
  return app;
}

const get = (app: FastifyInstance, url: string, from?: string) =>
  app.inject({ method: 'GET', url, headers: from === undefined ? {} : { 'x-forwarded-for': from } });

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the HTTP request limit per address', () => {
  it('answers 429 with Retry-After and a clear body once the minute’s allowance is spent', async () => {
    const app = await server({ requestsPerMinute: 3, assetRequestsPerMinute: 5, trustProxy: false });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(app, '/api/tables')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await get(app, '/api/tables');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 'rate-limited',
      message: `Too many requests from your address: try again in ${retryAfter} s`,
    });
    // The client's files have their own, larger allowance.
    for (let i = 0; i < 5; i++) expect((await get(app, '/assets/index-Bq0SfwsA.js')).statusCode).toBe(200);
    expect((await get(app, '/assets/index-Bq0SfwsA.js')).statusCode).toBe(429);
  });

  it('counts each client behind a trusted proxy apart, and only then', async () => {
    const trusting = await server({ requestsPerMinute: 1, assetRequestsPerMinute: 1, trustProxy: true });
    expect((await get(trusting, '/api/tables', '203.0.113.7')).statusCode).toBe(200);
    expect((await get(trusting, '/api/tables', '203.0.113.8')).statusCode).toBe(200);
    expect((await get(trusting, '/api/tables', '203.0.113.7')).statusCode).toBe(429);
    const direct = await server({ requestsPerMinute: 1, assetRequestsPerMinute: 1, trustProxy: false });
    expect((await get(direct, '/api/tables', '203.0.113.7')).statusCode).toBe(200);
    // A header anyone can write is no new address when no proxy of ours sets it.
    expect((await get(direct, '/api/tables', '203.0.113.8')).statusCode).toBe(429);
  });

  it('does not limit at 0 per minute', async () => {
    const app = await server({ requestsPerMinute: 0, assetRequestsPerMinute: 0, trustProxy: false });
    for (let i = 0; i < 200; i++) expect((await get(app, '/api/tables')).statusCode).toBe(200);
  });
});

describe.skipIf(TEST_REDIS_URL === undefined)(
  `the HTTP request limit in a cluster${TEST_REDIS_URL === undefined ? ' (skipped: set TEST_REDIS_URL to run against a real Redis)' : ''}`,
  () => {
    const redis = TEST_REDIS_URL === undefined ? undefined : new Redis(TEST_REDIS_URL, { lazyConnect: true });
    // Keys of this run only: other suites may use the same Redis.
    const prefix = `kibitz-test-${randomBytes(4).toString('hex')}:`;
    afterAll(async () => {
      if (redis === undefined) return;
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('counts an address once across two processes sharing Redis', async () => {
      await redis!.connect();
      const limits = { requestsPerMinute: 4, assetRequestsPerMinute: 4, trustProxy: true };
      const one = await server(limits, { client: redis!, prefix });
      const two = await server(limits, { client: redis!, prefix });
      const statuses = [];
      for (const app of [one, two, one, two, one, two])
        statuses.push((await get(app, '/api/tables', '198.51.100.9')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      expect(await redis!.keys(`${prefix}limit:http:*`)).toHaveLength(1);
    });
  },
);
