/** Server settings, from the environment with defaults that work on a fresh clone. */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { MAX_MESSAGE_BYTES } from '@kibitz/protocol';
import { type BotSettings, defaultBotSettings } from './bots/bot-players.ts';
import { repoRoot } from './repo-root.ts';
import type { ChatLimits, Timing } from './rooms/context.ts';
import type { AddressLimits } from './transport/address-limits.ts';
import type { SocketLimits } from './transport/sockets.ts';

export interface ServerSettings {
  port: number;
  host: string;
  /** The embedded store (sqlite/) and the generated server secret live here. */
  dataDir: string;
  /** PostgreSQL instead of the embedded store when set. */
  databaseUrl: string | undefined;
  /**
   * Signs guest tokens; generated into dataDir when unset (one process only: in cluster
   * mode every process must sign alike, so it must be given).
   */
  secret: string | undefined;
  /** Redis for shared short-lived state; set: cluster mode (several processes). */
  redisUrl: string | undefined;
  /** Prefix of the keys written to Redis (several deployments on one Redis). */
  redisPrefix: string;
  /**
   * This process's name in leases, logs and metrics; stable across its restarts, so that
   * a restarted process takes back at once the tables its killed run held. No two live
   * processes may share one (see `defaultNodeId`).
   */
  nodeId: string;
  /** How long a table's lease lasts unrenewed (renewed every third of it). */
  leaseMs: number;
  logLevel: string;
  /** The web client's production build (`pnpm build`), served when it exists; null: never. */
  webDist: string | null;
  timing: Timing;
  chat: ChatLimits;
  sockets: SocketLimits;
  limits: AddressLimits;
  bots: BotSettings;
  http: HttpSettings;
}

/** What the server tells browsers, and who may reach what (SECURITY.md). */
export interface HttpSettings {
  /** The site is served over HTTPS (by a proxy in front): send HSTS and upgrade insecure requests. */
  https: boolean;
  /** /metrics answers only with `Authorization: Bearer <this>`; unset: /metrics is a 404. */
  metricsToken: string | undefined;
  /** Origins besides the page's own whose pages may open sockets here (`https://host[:port]`). */
  allowedOrigins: string[];
  /** HTTP requests per client address per minute for pages and the API; 0: no limit. */
  requestsPerMinute: number;
  /** ...and for the client's files under /assets/ (a first visit alone fetches a few). */
  assetRequestsPerMinute: number;
}

export { repoRoot };
/** Where `pnpm build` writes the web client. */
export const defaultWebDist = resolve(repoRoot, 'apps/web/dist');

export const defaultTiming: Timing = { botDelayMs: 700, secondMs: 1000, idleTableMs: 30 * 60_000 };
export const defaultChatLimits: ChatLimits = { messages: 5, windowMs: 10_000 };
export const defaultSocketLimits: SocketLimits = {
  maxMessageBytes: MAX_MESSAGE_BYTES,
  eventsPerSecond: 20,
  eventBurst: 40,
};

/** Per client address; generous enough for a household or an office behind one address. */
export const defaultAddressLimits: AddressLimits = {
  connectionsPerMinute: 120,
  tablesPerMinute: 30,
  trustProxy: false,
};

export const defaultHttpSettings: HttpSettings = {
  https: false,
  metricsToken: undefined,
  allowedOrigins: [],
  requestsPerMinute: 600,
  assetRequestsPerMinute: 3000,
};

/** A dead process's tables are free again after at most this long. */
export const defaultLeaseMs = 10_000;

/**
 * The node id when KIBITZ_NODE_ID is unset: host name and port. Stable across restarts
 * of the same server, and never shared by two live processes: two on one host cannot
 * listen on one port (the server listens before it touches a lease), and containers
 * have host names of their own. Port 0 (any free port, tests) has no stable name: a
 * name of its own per process and start, so that it never reclaims another's leases.
 */
export function defaultNodeId(port: number): string {
  if (port === 0) return `${hostname()}:pid${process.pid}-${randomBytes(3).toString('hex')}`;
  return `${hostname()}:${port}`;
}

/**
 * Why these settings must not run (one line, for the operator), or null. Several
 * processes share state through Redis; then each needs PostgreSQL (the embedded store lives inside
 * one process) and the same token secret (a token from one must be good on every other).
 */
export function unsafeMix(settings: {
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
  secret?: string | undefined;
  leaseMs?: number | undefined;
}): string | null {
  if (settings.redisUrl !== undefined && settings.databaseUrl === undefined)
    return 'REDIS_URL is set (several processes) but DATABASE_URL is not: the embedded SQLite store cannot be shared between processes; set DATABASE_URL to a PostgreSQL server';
  if (settings.redisUrl !== undefined && settings.secret === undefined)
    return 'REDIS_URL is set (several processes) but KIBITZ_SECRET is not: every process must sign guest tokens with the same secret; set KIBITZ_SECRET (at least 16 characters) on each';
  if (settings.leaseMs !== undefined && settings.leaseMs < 300)
    return `KIBITZ_LEASE_MS must be at least 300 (got ${settings.leaseMs})`;
  return null;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number (got "${value}")`);
  return parsed;
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || /^(0|false|no)$/i.test(value)) return false;
  if (/^(1|true|yes)$/i.test(value)) return true;
  throw new Error(`${name} must be 1 or 0 (got "${value}")`);
}

/** The metrics token: unset, or long enough not to be guessed. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16)
    throw new Error(`KIBITZ_METRICS_TOKEN must be at least 16 characters (got ${value.length})`);
  return value;
}

/** `KIBITZ_ALLOWED_ORIGINS`: comma-separated `http(s)://host[:port]`, each as a browser sends it. */
export function allowedOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`KIBITZ_ALLOWED_ORIGINS: "${entry}" is not an origin (https://host[:port])`);
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, ''))
        throw new Error(`KIBITZ_ALLOWED_ORIGINS: "${entry}" is not an origin (https://host[:port])`);
      return url.origin;
    });
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(repoRoot, env.KIBITZ_DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    secret: env.KIBITZ_SECRET || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.KIBITZ_REDIS_PREFIX || 'kibitz:',
    nodeId: env.KIBITZ_NODE_ID || defaultNodeId(port),
    leaseMs: integer(env.KIBITZ_LEASE_MS, defaultLeaseMs, 'KIBITZ_LEASE_MS'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.KIBITZ_WEB_DIST ? resolve(repoRoot, env.KIBITZ_WEB_DIST) : defaultWebDist,
    timing: {
      ...defaultTiming,
      botDelayMs: integer(env.KIBITZ_BOT_DELAY_MS, defaultTiming.botDelayMs, 'KIBITZ_BOT_DELAY_MS'),
    },
    chat: defaultChatLimits,
    sockets: {
      ...defaultSocketLimits,
      eventsPerSecond: integer(
        env.KIBITZ_EVENTS_PER_SECOND,
        defaultSocketLimits.eventsPerSecond,
        'KIBITZ_EVENTS_PER_SECOND',
      ),
      eventBurst: integer(env.KIBITZ_EVENT_BURST, defaultSocketLimits.eventBurst, 'KIBITZ_EVENT_BURST'),
    },
    limits: {
      connectionsPerMinute: integer(
        env.KIBITZ_CONNECTIONS_PER_MINUTE,
        defaultAddressLimits.connectionsPerMinute,
        'KIBITZ_CONNECTIONS_PER_MINUTE',
      ),
      tablesPerMinute: integer(
        env.KIBITZ_TABLES_PER_MINUTE,
        defaultAddressLimits.tablesPerMinute,
        'KIBITZ_TABLES_PER_MINUTE',
      ),
      trustProxy: flag(env.KIBITZ_TRUST_PROXY, 'KIBITZ_TRUST_PROXY'),
    },
    bots: {
      ...defaultBotSettings,
      // Unset: the pool's own default (one less than the cores); 0: no pool, heuristic bots only.
      threads: env.KIBITZ_BOT_THREADS ? integer(env.KIBITZ_BOT_THREADS, 0, 'KIBITZ_BOT_THREADS') : -1,
    },
    http: {
      https: flag(env.KIBITZ_HTTPS, 'KIBITZ_HTTPS'),
      metricsToken: metricsToken(env.KIBITZ_METRICS_TOKEN),
      allowedOrigins: allowedOrigins(env.KIBITZ_ALLOWED_ORIGINS),
      requestsPerMinute: integer(
        env.KIBITZ_REQUESTS_PER_MINUTE,
        defaultHttpSettings.requestsPerMinute,
        'KIBITZ_REQUESTS_PER_MINUTE',
      ),
      assetRequestsPerMinute: integer(
        env.KIBITZ_ASSET_REQUESTS_PER_MINUTE,
        defaultHttpSettings.assetRequestsPerMinute,
        'KIBITZ_ASSET_REQUESTS_PER_MINUTE',
      ),
    },
  };
}
