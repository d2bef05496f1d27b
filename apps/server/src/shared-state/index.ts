/**
 * Shared short-lived state (cluster mode, REDIS_URL): the lobby list and presence counts
 * (directory.ts) and the per-address limits (transport/address-limits.ts, given the
 * connection). Without Redis, one process: its memory is the whole truth, as before.
 */
import type { Redis } from 'ioredis';
import type { Log } from '../rooms/context.ts';
import type { Lobby, TableSummary } from '../rooms/lobby.ts';
import { type Presence, RedisDirectory } from './directory.ts';
import { connectRedis } from './redis.ts';

export { SharedStateUnreachableError } from './redis.ts';

/** How often a process writes its listed tables and its presence. */
const PUBLISH_MS = 2000;

export interface SharedState {
  /** The connection and key prefix (cluster mode), for the per-address limits. */
  redis: { client: Redis; prefix: string } | undefined;
  /** The lobby list every process sees (cluster mode); undefined: this process's own. */
  lobbyList: ((lobby: Lobby) => Promise<{ tables: TableSummary[]; online: Presence }>) | undefined;
  /** A table left memory because nobody used it: off the list. */
  unlisted(code: string): void;
  /** Starts writing this process's tables and presence. */
  start(lobby: Lobby, sockets: () => number): void;
  close(): Promise<void>;
}

export async function openSharedState(options: {
  redisUrl: string | undefined;
  /** Prefix of every key this deployment writes. */
  prefix: string;
  node: string;
  /** How long a listed table stays listed unrefreshed (its process gone). */
  keepMs: number;
  logger: Log;
}): Promise<SharedState> {
  if (options.redisUrl === undefined) {
    return { redis: undefined, lobbyList: undefined, unlisted() {}, start() {}, async close() {} };
  }
  const { logger } = options;
  const redis = await connectRedis(options.redisUrl);
  const directory = new RedisDirectory(redis, options.prefix, options.node, options.keepMs, PUBLISH_MS * 3);
  let timer: NodeJS.Timeout | undefined;
  let publishing: Promise<void> | undefined;
  const failed = (what: string) => (error: unknown) => logger.warn({ err: error }, `${what} failed (Redis)`);
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
    start(lobby, sockets) {
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
      await publishing;
      await directory.leave().catch(failed('leaving the presence list'));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
