/**
 * The Redis connection for shared short-lived state (cluster mode, REDIS_URL). Opened
 * before the server reports ready: a wrong URL is a clear start-up error, not a stream of
 * reconnect attempts. Once up, ioredis reconnects by itself; what depends on Redis keeps
 * working per process meanwhile (see each user).
 */
import { Redis } from 'ioredis';

export class SharedStateUnreachableError extends Error {
  readonly code = 'shared-state-unreachable';
  constructor(target: string, detail: string) {
    super(`Redis unreachable at ${target}: ${detail}`);
    this.name = 'SharedStateUnreachableError';
  }
}

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}

export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  const target = redactRedisUrl(url);
  let redis: Redis;
  try {
    redis = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 2 });
  } catch (error) {
    throw new SharedStateUnreachableError(target, error instanceof Error ? error.message : String(error));
  }
  redis.on('error', () => {}); // reported where a command fails; ioredis reconnects by itself
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new SharedStateUnreachableError(target, error instanceof Error ? error.message : String(error));
  }
  return redis;
}
