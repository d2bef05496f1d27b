/**
 * `pnpm start`: the game server on PORT (default 3000). Once it is ready it prints one
 * plain line saying where to open it; the log (JSON, LOG_LEVEL, default info) says the
 * rest, and each HTTP request only at debug. SIGTERM or SIGINT stop it gracefully: no new
 * actions, tables finish what they are doing, their leases are let go (another process
 * can take the tables over at once), sockets' transports close (clients reconnect by
 * themselves), the database closes. Unsafe settings (see `unsafeMix`), an embedded
 * data directory another process uses, or a PGlite one left by an older Kibitz: one line on stderr, exit 1, nothing started.
 */
import { StartupRefusedError, startServer } from './app.ts';
import { DatabaseLockedError, LegacyPGliteError } from './db/index.ts';
import { addressesToOpen, readyLine } from './http/addresses.ts';
import { hasWebBuild } from './http/web-client.ts';
import { settingsFromEnv, unsafeMix } from './settings.ts';
import { SharedStateUnreachableError } from './shared-state/index.ts';

/** A start refused (unsafe settings, a locked data directory): one line, exit 1. */
function refuseToStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`kibitz: not starting: ${message}\n`);
  process.exit(1);
}

let settings: ReturnType<typeof settingsFromEnv>;
try {
  settings = settingsFromEnv();
} catch (error) {
  refuseToStart(error);
}
const problem = unsafeMix(settings);
if (problem !== null) refuseToStart(problem);
const server = await startServer(settings).catch((error: unknown) => {
  if (
    error instanceof StartupRefusedError ||
    error instanceof DatabaseLockedError ||
    error instanceof LegacyPGliteError ||
    error instanceof SharedStateUnreachableError
  )
    refuseToStart(error);
  throw error;
});
process.stdout.write(
  `${readyLine(addressesToOpen(settings.host, server.port), hasWebBuild(settings.webDist))}\n`,
);

// Without its database the server can only refuse every action: stop, so that whatever
// supervises it starts it again (every acknowledged action is stored; games carry on).
void server.db.lost.then((error) => {
  server.app.log.fatal({ err: error }, 'the database is lost; stopping');
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
