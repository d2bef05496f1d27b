/**
 * The game server assembled: fastify for HTTP, socket.io on fastify's own server, the
 * database, and the lobby. It listens first (so /healthz answers at once), then
 * migrates, recovers unfinished games, and only then reports ready and takes sockets.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { BotPlayers, defaultBotSettings } from './bots/bot-players.ts';
import { type Database, GameLog, openDatabase, TableStore } from './db/index.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerRoutes } from './http/routes.ts';
import { httpServerOptions } from './http/server-options.ts';
import { registerWebClient } from './http/web-client.ts';
import { loadSecret } from './identity/secret.ts';
import type { Log, TableContext } from './rooms/context.ts';
import { Lobby } from './rooms/lobby.ts';
import { LogWriter } from './rooms/log-writer.ts';
import {
  defaultAddressLimits,
  defaultChatLimits,
  defaultSocketLimits,
  defaultTiming,
  defaultWebDist,
  type ServerSettings,
} from './settings.ts';
import { createSockets, type KibitzIo } from './transport/sockets.ts';

export interface StartOptions
  extends Partial<Omit<ServerSettings, 'timing' | 'chat' | 'sockets' | 'limits' | 'bots'>> {
  timing?: Partial<ServerSettings['timing']>;
  chat?: Partial<ServerSettings['chat']>;
  sockets?: Partial<ServerSettings['sockets']>;
  limits?: Partial<ServerSettings['limits']>;
  bots?: Partial<ServerSettings['bots']>;
  /** An already open database (tests); it is left open on close. */
  database?: Database;
  /** false: no logs at all (tests). */
  logging?: boolean;
}

export interface KibitzServer {
  app: FastifyInstance;
  io: KibitzIo;
  lobby: Lobby;
  db: Database;
  port: number;
  url: string;
  /** Games carried on from the log at start-up. */
  recovered: number;
  /** Stops taking actions, lets tables finish, disconnects everyone, closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<KibitzServer> {
  const dataDir = options.dataDir ?? join(process.cwd(), '.data');
  const app = Fastify({
    logger: options.logging === false ? false : { level: options.logLevel ?? 'info' },
    ...httpServerOptions(), // quiet request logs; fastify's own errors answered as ours
  });
  registerErrorHandler(app);
  const logger: Log = app.log;
  let ready: { lobby: Lobby; store: TableStore; log: GameLog } | null = null;
  registerRoutes(app, { ready: () => ready });
  const webClient = await registerWebClient(
    app,
    options.webDist === undefined ? defaultWebDist : options.webDist,
  );
  const sockets = createSockets(
    app.server,
    { ...defaultSocketLimits, ...options.sockets },
    { ...defaultAddressLimits, ...options.limits },
    logger,
  );
  // Close sockets first, then the HTTP server: socket.io holds the server open otherwise.
  app.addHook('preClose', async () => {
    sockets.io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => sockets.io.close(() => resolve()));
  });

  await app.listen({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 3000);

  let db: Database | undefined = options.database;
  // Warms (compiles the bots in a pool thread) while the database opens; ready waits for it.
  const bots = new BotPlayers({ ...defaultBotSettings, ...options.bots }, logger);
  try {
    db ??= await openDatabase({ databaseUrl: options.databaseUrl, dataDir: join(dataDir, 'pglite') });
    const secret = await loadSecret(dataDir, options.secret);
    const store = new TableStore(db.prisma);
    const log = new GameLog(db.prisma, db.execute);
    const ctx: TableContext = {
      store,
      log,
      writer: new LogWriter(log, db.writeConcurrency),
      secret,
      timing: { ...defaultTiming, ...options.timing },
      chat: { ...defaultChatLimits, ...options.chat },
      output: sockets.output,
      bots,
      logger,
      now: Date.now,
    };
    const lobby = new Lobby(ctx);
    // Before recovery: a reloaded game's bots must not wait for the pool's first compile.
    await bots.warmed;
    const recovered = await lobby.recover();
    ready = { lobby, store, log };
    sockets.serve(lobby);
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
      port,
      url: `http://127.0.0.1:${port}`,
      recovered,
      close: () => {
        closing ??= (async () => {
          clearInterval(sweeper);
          await lobby.shutdown();
          await bots.close();
          await app.close();
          if (ownDatabase) await openDb.close();
          logger.info({}, 'kibitz server stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    await bots.close();
    await app.close();
    if (db && options.database === undefined) await db.close().catch(() => {});
    throw error;
  }
}
