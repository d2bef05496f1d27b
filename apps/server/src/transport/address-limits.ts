/**
 * Limits per client address: how many new connections, and how many new tables, one
 * address may open per minute (a burst of that many at once, refilled evenly). Behind a
 * reverse proxy every connection comes from the proxy, so with `trustProxy` the address
 * is the last entry of X-Forwarded-For, the one our proxy added. IPv6 clients are counted
 * per /64, the block one household or host gets, so rotating addresses within it gains
 * nothing.
 */
import { isIPv6 } from 'node:net';
import { RateLimit } from './rate-limit.ts';

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

/** One token bucket per address, forgotten once it has refilled (so the map stays small). */
export class PerAddressLimit {
  readonly #buckets = new Map<string, { limit: RateLimit; warnedAt: number }>();
  #sweptAt: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#sweptAt = now();
  }

  /** Takes one from the address's allowance: false when it has none left (0 per minute: always true). */
  take(key: string): boolean {
    if (this.perMinute <= 0) return true;
    this.#sweep();
    let entry = this.#buckets.get(key);
    if (entry === undefined) {
      entry = { limit: new RateLimit(this.perMinute / 60, this.perMinute, this.now), warnedAt: -Infinity };
      this.#buckets.set(key, entry);
    }
    return entry.limit.take();
  }

  /** Whether to log a refusal for this address now: at most once a minute each. */
  shouldWarn(key: string): boolean {
    const entry = this.#buckets.get(key);
    const now = this.now();
    if (entry === undefined || now - entry.warnedAt < 60_000) return false;
    entry.warnedAt = now;
    return true;
  }

  /** Addresses remembered (for tests). */
  get size(): number {
    return this.#buckets.size;
  }

  #sweep(): void {
    const now = this.now();
    if (now - this.#sweptAt < 60_000) return;
    this.#sweptAt = now;
    for (const [key, entry] of this.#buckets) if (entry.limit.full) this.#buckets.delete(key);
  }
}
