/**
 * The real server (`pnpm start`'s entry point, src/main.ts) in a child process on a data
 * directory of its own, for tests that kill it (SIGKILL) and start it again on the same
 * data (fast bots, no rate limits; the embedded SQLite store, or PostgreSQL when given a
 * database URL): crash.test.ts, bridge-crash.test.ts and pg-restart.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SECRET } from './server.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** One line of the child's structured log (pino JSON on stdout). */
export interface LogLine {
  /** pino's level: 40 warn, 50 error, 60 fatal. */
  level?: number;
  msg?: string;
  game?: string;
  /** "game recovered from its log": the version the game resumes at. */
  version?: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export class ChildServer {
  child: ChildProcess | undefined;
  logLines: LogLine[] = [];

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    /** PostgreSQL; '' for the embedded store. */
    readonly databaseUrl: string,
  ) {}

  /** The same port on every start: the server's default node id (host and port) stays the same. */
  static async prepare(options: { databaseUrl?: string } = {}): Promise<ChildServer> {
    const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-child-'));
    return new ChildServer(dataDir, await freePort(), options.databaseUrl ?? '');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once /readyz answers 200 (recovery done). */
  async start(): Promise<void> {
    // A test that failed before it stopped its server must not leave it running (and holding
    // the data directory) when the next one starts another.
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      await this.kill('SIGKILL');
    const started = spawn(process.execPath, ['--import', 'tsx', mainPath], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        KIBITZ_DATA_DIR: this.dataDir,
        KIBITZ_SECRET: TEST_SECRET,
        KIBITZ_BOT_DELAY_MS: '2',
        KIBITZ_EVENTS_PER_SECOND: '100000',
        KIBITZ_EVENT_BURST: '100000',
        KIBITZ_CONNECTIONS_PER_MINUTE: '100000',
        KIBITZ_TABLES_PER_MINUTE: '100000',
        DATABASE_URL: this.databaseUrl,
        // One process: no Redis; its node id is the default one (host and port).
        REDIS_URL: '',
        KIBITZ_NODE_ID: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = started;
    this.logLines = [];
    let pending = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.logLines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`server exited early (${started.exitCode}): ${stderr}`);
      const ready = await fetch(`${this.url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`server did not become ready: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (child === undefined) return null;
    child.kill(signal);
    return exited(child);
  }

  /** Kills a server still running and removes the data directory. */
  async dispose(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      await this.kill('SIGKILL');
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
