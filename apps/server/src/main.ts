/**
 * `pnpm start`: the game server on PORT (default 3000). Once it is ready it prints one
 * plain line saying where to open it; the log (JSON, LOG_LEVEL, default info) says the
 * rest, and each HTTP request only at debug. SIGTERM or SIGINT stop it gracefully: no new
 * actions, tables finish what they are doing, the database closes.
 */
import { startServer } from './app.ts';
import { addressesToOpen, readyLine } from './http/addresses.ts';
import { hasWebBuild } from './http/web-client.ts';
import { settingsFromEnv } from './settings.ts';

const settings = settingsFromEnv();
const server = await startServer(settings);
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
