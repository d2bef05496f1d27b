/**
 * Limits per client address: how many new connections, and how many new tables, one
 * address may open per minute (in any one minute's window). Behind a
 * reverse proxy every connection comes from the proxy, so with `trustProxy` the address
 * is the last entry of X-Forwarded-For, the one our proxy added. IPv6 clients are counted
 * per /64, the block one household or host gets, so rotating addresses within it gains
 * nothing.
 */
import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface AddressLimits {
  /** New socket connections per address per minute; 0: no limit. */
  connectionsPerMinute: number;
  /** Tables opened per address per minute; 0: no limit. */
  tablesPerMinute: number;
  /** Take the client's address from X-Forwarded-For (only behind a proxy of our own). */
  trustProxy: boolean;
}

/** The client's address as the server should count it. */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor !== undefined) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const last = header.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return remoteAddress ?? 'unknown';
}

/** The key an address is counted under: IPv4 as it is (also when IPv4-mapped), IPv6 per /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = address.includes('::')
    ? [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A minute's allowance per address (rate-limiter-flexible: that many in any one minute's
 * window). In memory for one process; in Redis when several processes serve the same
 * clients (cluster mode), so that an address counts once however its connections are
 * spread, with the memory store standing in per process while Redis is unreachable.
 */
export class PerAddressLimit {
  readonly #limiter: RateLimiterAbstract | null;
  readonly #warnedAt = new Map<string, number>();

  constructor(
    perMinute: number,
    shared?: { redis: Redis; prefix: string; name: string },
    private readonly now: () => number = Date.now,
  ) {
    if (perMinute <= 0) {
      this.#limiter = null;
      return;
    }
    const options = {
      points: perMinute,
      duration: 60,
      keyPrefix: `${shared?.prefix ?? ''}limit:${shared?.name ?? 'local'}`,
    };
    this.#limiter =
      shared === undefined
        ? new RateLimiterMemory(options)
        : new RateLimiterRedis({
            ...options,
            storeClient: shared.redis,
            insuranceLimiter: new RateLimiterMemory(options),
          });
  }

  /** Takes one from the address's allowance: false when it has none left (0 per minute: always true). */
  async take(key: string): Promise<boolean> {
    return (await this.wait(key)) === 0;
  }

  /** Takes one like `take`; 0 when taken, else how many ms until the address has one again. */
  async wait(key: string): Promise<number> {
    if (this.#limiter === null) return 0;
    try {
      await this.#limiter.consume(key);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
      throw refusal;
    }
  }

  /** Whether to log a refusal for this address now: at most once a minute each. */
  shouldWarn(key: string): boolean {
    const now = this.now();
    const warned = this.#warnedAt.get(key);
    if (warned !== undefined && now - warned < 60_000) return false;
    if (this.#warnedAt.size > 10_000) this.#warnedAt.clear();
    this.#warnedAt.set(key, now);
    return true;
  }
}
