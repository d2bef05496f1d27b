/**
 * Shared short-lived state (cluster mode, REDIS_URL): the lobby list and presence counts
 * (directory.ts) and the per-address limits (transport/address-limits.ts, given the
 * connection). Without Redis, one process: its memory is the whole truth, as before.
 */
import type { Redis } from 'ioredis';
import type { Peers } from '../db/index.ts';
import type { Log } from '../rooms/context.ts';
import type { Lobby, TableSummary } from '../rooms/lobby.ts';
import { type Presence, RedisDirectory } from './directory.ts';
import { connectRedis } from './redis.ts';

export { SharedStateUnreachableError } from './redis.ts';

/** How often a process writes its listed tables and its presence. */
const PUBLISH_MS = 2000;

/**
 * A process's heartbeat (`<prefix>alive:<lease owner>`) lasts this long unrefreshed and is
 * written every third of it: at most 1.5 s after a process freezes (or dies), another may
 * take its tables over (`Leases`' peers) without waiting for their leases to lapse. A
 * killed process is known gone sooner: its subscriber connection, named after its lease
 * owner, leaves Redis's CLIENT LIST at once. Fencing keeps a take-over safe whatever
 * either says.
 */
export const ALIVE_MS = 1500;
/** A peer's heartbeat not read within this long counts as alive (no take-over on a doubt). */
const ALIVE_READ_MS = 500;

export interface SharedState {
  /** The connection and key prefix (cluster mode), for the per-address limits. */
  redis: { client: Redis; prefix: string } | undefined;
  /** The lobby list every process sees (cluster mode); undefined: this process's own. */
  lobbyList: ((lobby: Lobby) => Promise<{ tables: TableSummary[]; online: Presence }>) | undefined;
  /** A table left memory because nobody used it: off the list. */
  unlisted(code: string): void;
  /**
   * Asks whichever process runs this table to hand it over (the proxy routes its players
   * here). Cluster mode only; the owner answers by `Lobby.handOver`.
   */
  requestHandover: ((code: string) => void) | undefined;
  /** The heartbeats of the processes that hold leases (cluster mode); undefined without Redis. */
  peers: Peers | undefined;
  /** Starts writing this process's tables and presence. */
  start(lobby: Lobby, sockets: () => number): void;
  close(): Promise<void>;
}

export async function openSharedState(options: {
  redisUrl: string | undefined;
  /** Prefix of every key this deployment writes. */
  prefix: string;
  node: string;
  /** This run's lease owner (`<node>/<boot>`): its heartbeat's name. */
  owner: string;
  /** How long a listed table stays listed unrefreshed (its process gone). */
  keepMs: number;
  logger: Log;
}): Promise<SharedState> {
  if (options.redisUrl === undefined) {
    return {
      redis: undefined,
      lobbyList: undefined,
      unlisted() {},
      requestHandover: undefined,
      peers: undefined,
      start() {},
      async close() {},
    };
  }
  const { logger } = options;
  const failed = (what: string) => (error: unknown) => logger.warn({ err: error }, `${what} failed (Redis)`);
  const redis = await connectRedis(options.redisUrl);
  const directory = new RedisDirectory(redis, options.prefix, options.node, options.keepMs, PUBLISH_MS * 3);
  // Hand-over requests: `{code, to}` on one channel, heard by every process (a separate
  // connection: a subscribed Redis connection does nothing else).
  const channel = `${options.prefix}handover`;
  // Named after this run's lease owner: Redis drops a killed process's connections at
  // once, so a peer that finds no subscriber of that name knows the process is gone
  // without waiting for its heartbeat to lapse.
  const subscriber = redis.duplicate({ connectionName: presenceName(options.owner) });
  subscriber.on('error', () => {});
  await subscriber.subscribe(channel);
  let owner: Lobby | null = null;
  subscriber.on('message', (_channel: string, text: string) => {
    const request = parseHandover(text);
    if (request === null || request.to === options.node || owner === null) return;
    owner.handOver(request.code).catch(failed(`handing table ${request.code} over`));
  });
  // The heartbeat: written before this process takes any lease, until it has let them go.
  const aliveKey = (owner: string) => `${options.prefix}alive:${owner}`;
  const beat = () => redis.set(aliveKey(options.owner), '1', 'PX', ALIVE_MS);
  await beat();
  const heartbeat = setInterval(() => {
    beat().catch(failed('writing the heartbeat'));
  }, ALIVE_MS / 3);
  heartbeat.unref();
  const askedAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let publishing: Promise<void> | undefined;
  return {
    redis: { client: redis, prefix: options.prefix },
    async lobbyList(lobby) {
      const local = lobby.listed();
      let shared: TableSummary[] = [];
      let online: Presence = { sockets: 0, servers: 1 };
      try {
        [shared, online] = await Promise.all([directory.list(), directory.presence()]);
      } catch (error) {
        failed('reading the lobby list')(error);
      }
      // This process's own tables as they are now; the others as last written.
      const byCode = new Map(shared.map((table) => [table.code, table]));
      for (const table of local) byCode.set(table.code, table);
      return { tables: [...byCode.values()], online };
    },
    unlisted(code) {
      directory.remove([code]).catch(failed('taking a table off the lobby list'));
    },
    requestHandover(code) {
      // Once per code per half second, however many of its players knock meanwhile.
      const now = Date.now();
      if (now - (askedAt.get(code) ?? 0) < 500) return;
      if (askedAt.size > 10_000) askedAt.clear();
      askedAt.set(code, now);
      redis
        .publish(channel, JSON.stringify({ code, to: options.node }))
        .catch(failed('asking for a hand-over'));
    },
    peers: {
      async lapsesIn(leaseOwner) {
        let timer: NodeJS.Timeout | undefined;
        const unknown = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), ALIVE_READ_MS);
        });
        try {
          const read = redis
            .pipeline()
            .pttl(aliveKey(leaseOwner))
            .call('CLIENT', 'LIST', 'TYPE', 'pubsub')
            .exec();
          const answers = await Promise.race([read, unknown]);
          if (answers === null || answers === undefined) return null;
          const [[ttlError, ttl], [listError, list]] = answers as [
            [Error | null, unknown],
            [Error | null, unknown],
          ];
          if (ttlError !== null || typeof ttl !== 'number') return null;
          // PTTL: -2 no such key (gone), -1 no expiry (not one of ours: counts as alive).
          if (ttl === -2) return 0;
          if (ttl < 0) return null;
          // Its connection is gone (killed): gone now. CLIENT LIST refused (an ACL): the heartbeat alone says.
          if (
            listError === null &&
            typeof list === 'string' &&
            !hasClientNamed(list, presenceName(leaseOwner))
          )
            return 0;
          return Math.max(1, ttl);
        } catch (error) {
          failed('reading a heartbeat')(error);
          return null;
        } finally {
          clearTimeout(timer);
        }
      },
    },
    start(lobby, sockets) {
      owner = lobby;
      const publish = () => {
        publishing ??= directory
          .publish(lobby.listed(), sockets())
          .catch(failed('writing the lobby list'))
          .finally(() => {
            publishing = undefined;
          });
      };
      publish();
      timer = setInterval(publish, PUBLISH_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      clearInterval(heartbeat);
      await publishing;
      owner = null;
      // Its leases are let go by now: nobody need wait for the heartbeat to lapse.
      await redis.del(aliveKey(options.owner)).catch(failed('removing the heartbeat'));
      await subscriber.quit().catch(() => subscriber.disconnect());
      await directory.leave().catch(failed('leaving the presence list'));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A Redis client name (no spaces allowed) for a lease owner's presence connection. */
function presenceName(owner: string): string {
  return `kibitz-alive:${encodeURIComponent(owner)}`;
}

/** Whether CLIENT LIST's answer (a line per connection, `name=...` among its fields) has one named `name`. */
function hasClientNamed(list: string, name: string): boolean {
  return list.split('\n').some((line) => line.split(' ').includes(`name=${name}`));
}

function parseHandover(text: string): { code: string; to: string } | null {
  try {
    const request = JSON.parse(text) as { code?: unknown; to?: unknown };
    return typeof request.code === 'string' && typeof request.to === 'string'
      ? { code: request.code, to: request.to }
      : null;
  } catch {
    return null;
  }
}
