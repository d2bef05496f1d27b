/**
 * The bench's server runs in a child process of its own, so that its CPU profile, its CPU
 * time and its memory are the server's alone (not the clients'). These are the messages
 * between the bench (parent) and that process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ServerKind = 'kibitz' | 'bare';

export type ToServer =
  /** Remember the settled heap now (sockets connected, no table yet). */
  | { type: 'mark' }
  /** The measured window starts: CPU time, and a CPU profile written to `profile` if set. */
  | { type: 'window-start'; profile: string | null }
  | { type: 'window-end' }
  | { type: 'stop' };

export interface WindowFigures {
  /** CPU time the server process used in the window, per second of wall time (1 = one core busy). */
  cpuCores: number;
  /**
   * The main thread's share of `cpuCores` (sockets, rules, the table shells); the rest is
   * the other threads (PGlite's, V8's helpers). Linux only (/proc); null elsewhere.
   */
  mainThreadCores: number | null;
  /**
   * The main thread's read and write system calls per second (Linux only; null elsewhere):
   * what the sockets cost the kernel, a writev per frame sent.
   */
  mainThreadSyscalls: { reads: number; writes: number } | null;
  /** PGlite's thread's share of `cpuCores` (the game log's INSERTs); null without one or off Linux. */
  databaseThreadCores: number | null;
  /** Share of the window the server's main thread (sockets, rules) was busy (event-loop utilisation). */
  loopBusy: number;
  /** The longest the main thread ran late in the window (event-loop delay, ms). */
  loopDelayMaxMs: number;
  /** Settled heap growth since `mark`, in bytes. */
  heapGrowth: number;
  heapUsed: number;
  rss: number;
  /** Game log rows per INSERT in the window (the real server only). */
  logRowsPerStatement: number | null;
  /** Game log rows per fold of the embedded store's journal into its table (SQLite only). */
  logRowsPerFold: number | null;
  /** Game log rows stored per second in the window (the real server only). */
  logRowsPerSecond: number | null;
  /** Where the CPU profile was written, if one was asked for. */
  profile: string | null;
}

export type FromServer =
  | { type: 'ready'; url: string }
  | { type: 'marked'; heapUsed: number }
  | { type: 'window-started' }
  | { type: 'window'; figures: WindowFigures }
  | { type: 'stopped' };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  request<T extends FromServer['type']>(
    message: ToServer,
    answer: T,
  ): Promise<Extract<FromServer, { type: T }>>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Starts the bench's server (`kibitz` with `tables`, or the bare baseline) in a child process. */
export async function startServerProcess(
  kind: ServerKind,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerProcess> {
  const child = fork(entry, [kind], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: FromServer) => void>();
  child.on('message', (message: FromServer) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`))),
  );
  exited.catch(() => {});
  const expect = <T extends FromServer['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<FromServer, { type: T }>>((resolve) =>
        waiting.set(type, resolve as (message: FromServer) => void),
      ),
      exited,
    ]);
  const ready = await expect('ready');
  return {
    url: ready.url,
    child,
    request(message, answer) {
      const reply = expect(answer);
      child.send(message);
      return reply;
    },
    async stop() {
      const stopped = expect('stopped').catch(() => undefined);
      child.send({ type: 'stop' } satisfies ToServer);
      await stopped;
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
    },
  };
}
