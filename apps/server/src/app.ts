/**
 * The game server assembled: fastify for HTTP, socket.io on fastify's own server, the
 * database, and the lobby. It listens first (so /healthz answers at once), then
 * migrates, recovers unfinished games, and only then reports ready and takes sockets.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { BotPlayers, defaultBotSettings } from './bots/bot-players.ts';
import { tableLogSource } from './bots/recall.ts';
import {
  type Database,
  GameLog,
  LeaseStore,
  Leases,
  leaseOwner,
  openDatabase,
  TableStore,
} from './db/index.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerRequestLimits } from './http/request-limits.ts';
import { Reviews } from './http/reviews.ts';
import { registerRoutes } from './http/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { httpServerOptions } from './http/server-options.ts';
import { registerWebClient } from './http/web-client.ts';
import { loadSecret } from './identity/secret.ts';
import { createMetrics, type ServerMetrics } from './metrics/metrics.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import type { Log, TableContext } from './rooms/context.ts';
import { Lobby } from './rooms/lobby.ts';
import { LogWriter } from './rooms/log-writer.ts';
import {
  defaultAddressLimits,
  defaultChatLimits,
  defaultHttpSettings,
  defaultLeaseMs,
  defaultNodeId,
  defaultSocketLimits,
  defaultTiming,
  defaultWebDist,
  type ServerSettings,
  unsafeMix,
} from './settings.ts';
import { openSharedState, type SharedState } from './shared-state/index.ts';
import { createSockets, type KibitzIo } from './transport/sockets.ts';

export interface StartOptions
  extends Partial<Omit<ServerSettings, 'timing' | 'chat' | 'sockets' | 'limits' | 'bots' | 'http'>> {
  timing?: Partial<ServerSettings['timing']>;
  chat?: Partial<ServerSettings['chat']>;
  sockets?: Partial<ServerSettings['sockets']>;
  limits?: Partial<ServerSettings['limits']>;
  bots?: Partial<ServerSettings['bots']>;
  http?: Partial<ServerSettings['http']>;
  /** An already open database (tests); it is left open on close. */
  database?: Database;
  /** false: no logs at all (tests). */
  logging?: boolean;
}

/** The settings cannot run safely (one line for the operator); nothing was started. */
export class StartupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusedError';
  }
}

export interface KibitzServer {
  app: FastifyInstance;
  io: KibitzIo;
  lobby: Lobby;
  db: Database;
  /** This process's table leases (tests stop their renewal to play a frozen process). */
  leases: Leases;
  metrics: ServerMetrics;
  port: number;
  url: string;
  /** Games carried on from the log at start-up. */
  recovered: number;
  /** Stops taking actions, lets tables finish, disconnects everyone, closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<KibitzServer> {
  const problem = unsafeMix({
    redisUrl: options.redisUrl,
    databaseUrl:
      options.databaseUrl ?? (options.database?.kind === 'postgres' ? options.database.target : undefined),
    secret: options.secret,
    leaseMs: options.leaseMs,
  });
  if (problem !== null) throw new StartupRefusedError(problem);
  const dataDir = options.dataDir ?? join(process.cwd(), '.data');
  const nodeId = options.nodeId ?? defaultNodeId(options.port ?? 3000);
  const timing = { ...defaultTiming, ...options.timing };
  const http = { ...defaultHttpSettings, ...options.http };
  const addressLimits = { ...defaultAddressLimits, ...options.limits };
  const app = Fastify({
    logger: options.logging === false ? false : { level: options.logLevel ?? 'info' },
    ...httpServerOptions(), // quiet request logs; fastify's own errors answered as ours
  });
  registerErrorHandler(app);
  const logger: Log = app.log;
  // The owner name is the node id and a boot id unique per start: a restarted process
  // never mistakes the leases of its previous run for its own, yet knows them by the
  // node id and takes them back at once (below) instead of waiting for them to lapse.
  // In cluster mode it also names this run's heartbeat in Redis.
  const owner = leaseOwner(nodeId, randomBytes(4).toString('hex'));
  let shared: SharedState;
  try {
    shared = await openSharedState({
      redisUrl: options.redisUrl,
      prefix: options.redisPrefix ?? 'kibitz:',
      node: nodeId,
      owner,
      keepMs: timing.idleTableMs,
      logger,
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  let ready: { lobby: Lobby; store: TableStore; log: GameLog } | null = null;
  let draining = false;
  let botsRef: BotPlayers | null = null;
  // Before any route: every answer (errors and 404s included) carries the headers, and is counted.
  await registerSecurityHeaders(app, { https: http.https });
  registerRequestLimits(app, { ...http, trustProxy: addressLimits.trustProxy }, shared.redis);
  registerRoutes(app, {
    ready: () => ready,
    draining: () => draining,
    lobbyList: shared.lobbyList,
    // The bots (and their pool) are made once the port is open, below.
    reviews: new Reviews((exported) => botsRef?.review(exported) ?? null),
  });
  let metricsRef: ServerMetrics | null = null;
  // Prometheus text format; answers from the start (an empty server is worth watching too).
  registerMetricsRoute(app, {
    token: http.metricsToken,
    render: async () => (metricsRef === null ? null : metricsRef.render()),
  });
  const webClient = await registerWebClient(
    app,
    options.webDist === undefined ? defaultWebDist : options.webDist,
    { https: http.https },
  );
  const sockets = createSockets(
    app.server,
    { ...defaultSocketLimits, ...options.sockets },
    addressLimits,
    { allowedOrigins: http.allowedOrigins, trustProxy: addressLimits.trustProxy },
    logger,
    shared.redis,
  );
  // Close sockets first, then the HTTP server: socket.io holds the server open otherwise.
  // Their transports are closed (not socket.disconnect(), which tells a client to stay
  // away): clients reconnect by themselves, and behind a proxy resume at another process.
  app.addHook('preClose', async () => {
    for (const socket of sockets.io.sockets.sockets.values()) socket.conn.close();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => sockets.io.close(() => resolve()));
  });

  await app.listen({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 3000);

  let db: Database | undefined = options.database;
  // Its pool's threads start with the first normal or strong bot, not here.
  const bots = new BotPlayers({ ...defaultBotSettings, ...options.bots }, logger);
  botsRef = bots;
  try {
    db ??= await openDatabase({ databaseUrl: options.databaseUrl, dataDir: join(dataDir, 'sqlite') });
    const secret = await loadSecret(dataDir, options.secret);
    const store = new TableStore(db);
    const log = new GameLog(db.prisma, db.appendLog);
    // A recovered table's bots rebuild what their seat saw this hand from the log.
    bots.recallFrom(tableLogSource(log));
    const ctx: TableContext = {
      store,
      log,
      writer: new LogWriter(log, db.writeConcurrency),
      secret,
      timing,
      chat: { ...defaultChatLimits, ...options.chat },
      output: sockets.output,
      bots,
      logger,
      now: Date.now,
    };
    let lobbyRef: Lobby | null = null;
    const leases = new Leases(
      // The embedded store: one process only (its directory is locked), so every lease is ours to take.
      new LeaseStore(db, owner, options.leaseMs ?? defaultLeaseMs, db.kind === 'sqlite'),
      {
        lost: (roomId) => lobbyRef?.drop(roomId),
        changed: (change, roomId) => {
          metricsRef?.leaseChanged(change);
          if (change === 'lost' || change === 'fenced')
            logger.warn({ room: roomId, change }, 'table lease lost');
          if (change === 'taken-over')
            logger.info(
              { room: roomId },
              "table taken over before its lease lapsed: its owner's heartbeat is gone",
            );
        },
      },
      (error) => logger.error({ err: error }, 'renewing table leases failed'),
      // Cluster mode: a table whose owner's heartbeat is gone is taken over at once.
      shared.peers,
    );
    const metrics = createMetrics(
      {
        tables: () => [...(lobbyRef?.tables ?? [])].length,
        sockets: () => sockets.io.sockets.sockets.size,
        leases: () => leases.size,
      },
      { node: nodeId },
    );
    metricsRef = metrics;
    const lobby = new Lobby(ctx, {
      leases,
      // Several processes: each table is taken over where its players come back.
      lazyTakeOver: shared.redis !== undefined,
      hooks: {
        actionStored: (seconds) => metrics.actionStored(seconds),
        // Left memory unused: off the shared lobby list (handed on or lost: it stays listed).
        tableUnloaded: (table, why) => {
          if (why === 'idle') shared.unlisted(table.code);
        },
        handoverWanted: shared.requestHandover,
      },
    });
    lobbyRef = lobby;
    leases.start();
    if (leases.shared) {
      const reclaimed = await leases.store.reclaimEarlierRuns();
      if (reclaimed.length > 0)
        logger.info(
          { leases: reclaimed.length, node: nodeId },
          "leases of this node's earlier run taken back",
        );
    }
    const recovered = await lobby.recover();
    ready = { lobby, store, log };
    sockets.serve(lobby);
    shared.start(lobby, () => sockets.io.sockets.sockets.size);
    const sweeper = setInterval(() => lobby.sweep(), 60_000);
    sweeper.unref();
    logger.info({ port, database: db.kind, target: db.target, recovered, webClient }, 'kibitz server ready');

    const ownDatabase = options.database === undefined;
    const openDb = db;
    let closing: Promise<void> | undefined;
    return {
      app,
      io: sockets.io,
      lobby,
      db,
      leases,
      metrics,
      port,
      url: `http://127.0.0.1:${port}`,
      recovered,
      close: () => {
        closing ??= (async () => {
          // /readyz says 503 from now on: a proxy stops sending new connections here.
          draining = true;
          clearInterval(sweeper);
          await lobby.shutdown();
          await bots.close();
          // Closing the sockets makes their players leave: held seats to store.
          await app.close();
          await sockets.left();
          await lobby.release();
          await shared.close();
          if (ownDatabase) await openDb.close();
          logger.info({}, 'kibitz server stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    await bots.close();
    await app.close();
    await shared.close();
    if (db && options.database === undefined) await db.close().catch(() => {});
    throw error;
  }
}
